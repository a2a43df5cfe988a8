/** A carrier's tracking of the store's parcels, by their tracking code. */
export interface CarrierTracking {
  /** The carrier's name, as logs say it ("Correios"). */
  name: string;
  /**
   * When the carrier says the parcel was delivered to its addressee; null while it has not been.
   * A failure to ask (no answer, an error status, an answer not understood) is thrown.
   */
  deliveredAt(trackingCode: string): Promise<Date | null>;
}
