import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "../../toasts";
import type { GalleryImage } from "../../../domain/admin/admin-product";
import {
  photoOwnerChoices,
  photoOwnerField,
  photoOwnerLabel,
  photoOwnerOf,
  type PhotoOwnerChoices,
} from "../../../domain/catalog/photo-owner";
import { productThumbnailUrl } from "../../../lib/product-images";
import { Button } from "../../ui/button";
import { useHydrated } from "../../use-hydrated";
import { ImageInput } from "./image-input";
import { PRODUCT_TOASTS, type ProductActionData } from "./product-action-data";

/**
 * The product's gallery in display order: add (file or URL), remove, move up or down, and, for a
 * product with options, show a photo with one colour (an option value) or one variant only.
 */
export function ProductGalleryEditor({
  productId,
  images,
  owners,
}: {
  productId: number;
  images: GalleryImage[];
  owners: PhotoOwnerChoices;
}) {
  const add = useFetcher<ProductActionData>({ key: `admin-gallery-add-${productId}` });
  const formRef = useRef<HTMLFormElement>(null);
  useToasts(add.data, () => formRef.current?.reset());
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-slate-200 p-5">
      <h3 className="font-semibold">Galeria</h3>
      {images.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma imagem na galeria.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {images.map((image, index) => (
            <GalleryRow
              key={image.id}
              image={image}
              position={index + 1}
              first={index === 0}
              last={index === images.length - 1}
              owners={owners}
            />
          ))}
        </ol>
      )}
      <add.Form ref={formRef} method="post" encType="multipart/form-data" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="gallery-add" />
        <ImageInput
          key={images.length}
          label="Adicionar imagem"
          urlName="imageUrl"
          fileName="imageFile"
          error={add.data?.errors?.galleryImage}
        />
        <Button type="submit" variant="outline" disabled={add.state !== "idle"}>
          {add.state !== "idle" ? "Enviando..." : "Adicionar à galeria"}
        </Button>
      </add.Form>
    </section>
  );
}

function GalleryRow(props: {
  image: GalleryImage;
  position: number;
  first: boolean;
  last: boolean;
  owners: PhotoOwnerChoices;
}) {
  const { image, position, first, last, owners } = props;
  const fetcher = useFetcher<ProductActionData>({ key: `admin-gallery-image-${image.id}` });
  useToasts(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <li className="flex flex-wrap items-center gap-3">
      <img
        src={productThumbnailUrl(image.imageUrl)}
        alt={`Imagem ${position}`}
        width={56}
        height={56}
        className="size-14 rounded-md bg-slate-100 object-contain"
      />
      <span className="flex-1 text-sm text-slate-600">Posição {position}</span>
      <fetcher.Form method="post" className="flex gap-1">
        <input type="hidden" name="intent" value="gallery-move" />
        <input type="hidden" name="imageId" value={image.id} />
        <Button
          type="submit"
          name="direction"
          value="up"
          variant="ghost"
          size="icon"
          disabled={busy || first}
          aria-label={`Mover imagem ${position} para cima`}
        >
          <ArrowUp aria-hidden className="size-4" />
        </Button>
        <Button
          type="submit"
          name="direction"
          value="down"
          variant="ghost"
          size="icon"
          disabled={busy || last}
          aria-label={`Mover imagem ${position} para baixo`}
        >
          <ArrowDown aria-hidden className="size-4" />
        </Button>
      </fetcher.Form>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="gallery-remove" />
        <input type="hidden" name="imageId" value={image.id} />
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          disabled={busy}
          aria-label={`Remover imagem ${position}`}
        >
          <Trash2 aria-hidden className="size-4 text-red-600" />
        </Button>
      </fetcher.Form>
      {owners.options.length > 0 && <PhotoOwnerForm image={image} position={position} owners={owners} />}
    </li>
  );
}

/** 'Mostrar com': the product's every variant, one option value, or one variant; chosen at once once scripts run. */
function PhotoOwnerForm({
  image,
  position,
  owners,
}: {
  image: GalleryImage;
  position: number;
  owners: PhotoOwnerChoices;
}) {
  const fetcher = useFetcher<ProductActionData>({ key: `admin-gallery-owner-${image.id}` });
  useToasts(fetcher.data);
  const hydrated = useHydrated();
  const current = photoOwnerOf(image);
  const choices = photoOwnerChoices(owners).map((owner) => ({
    field: photoOwnerField(owner),
    label: photoOwnerLabel(owner, owners)!,
  }));
  const currentField = photoOwnerField(current);
  const selectId = `photo-owner-${image.id}`;
  return (
    <fetcher.Form method="post" className="flex w-full items-center gap-2 pl-[68px]">
      <input type="hidden" name="intent" value="gallery-show" />
      <input type="hidden" name="imageId" value={image.id} />
      <label htmlFor={selectId} className="text-sm text-slate-600">
        Mostrar com
      </label>
      <select
        id={selectId}
        name="shownWith"
        defaultValue={currentField}
        aria-label={`Mostrar imagem ${position} com`}
        disabled={fetcher.state !== "idle"}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        {/* An option value renamed since, or a variant gone: still shown, so the choice is not lost unseen. */}
        {!choices.some((choice) => choice.field === currentField) && (
          <option value={currentField}>Opção que não existe mais</option>
        )}
        {choices.map((choice) => (
          <option key={choice.field} value={choice.field}>
            {choice.label}
          </option>
        ))}
      </select>
      {!hydrated && (
        <Button type="submit" variant="outline" size="sm">
          Aplicar
        </Button>
      )}
    </fetcher.Form>
  );
}

function useToasts(answer: ProductActionData | undefined, onSuccess?: () => void) {
  useEffect(() => {
    if (!answer) return;
    const texts = PRODUCT_TOASTS[answer.intent];
    if (answer.ok) {
      toast.success(texts.success);
      onSuccess?.();
    } else {
      toast.error(texts.failure);
    }
    // Only a new answer should toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
}
