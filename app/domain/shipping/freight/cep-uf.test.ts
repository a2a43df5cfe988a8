import { describe, expect, it } from "vitest";
import { ufOfCep } from "./cep-uf";

describe("ufOfCep", () => {
  it.each([
    ["01310-100", "SP"],
    ["19999999", "SP"],
    ["20040002", "RJ"],
    ["29000000", "ES"],
    ["30130-010", "MG"],
    ["68900000", "AP"],
    ["68899999", "PA"],
    ["69300000", "RR"],
    ["69400000", "AM"],
    ["69900000", "AC"],
    ["70040010", "DF"],
    ["72800000", "GO"],
    ["73000000", "DF"],
    ["73700000", "GO"],
    ["76800000", "RO"],
    ["88010-000", "SC"],
    ["90010-000", "RS"],
  ])("places %s in %s", (cep, uf) => {
    expect(ufOfCep(cep)).toBe(uf);
  });

  it.each(["00999999", "00000000", "1234567", "abcdefgh"])("answers null for %s", (cep) => {
    expect(ufOfCep(cep)).toBeNull();
  });
});
