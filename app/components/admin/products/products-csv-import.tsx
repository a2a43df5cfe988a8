import { Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "../../toasts";
import { PRODUCT_CSV_COLUMNS } from "../../../domain/admin/product-csv";
import { Button } from "../../ui/button";
import { PRODUCT_TOASTS, type ProductActionData } from "./product-action-data";

/**
 * `Importar CSV`: 'Verificar' is the dry run (each row's problem with its line, or what would be
 * imported); 'Importar' writes all of it or, when any row is refused, nothing. The same file
 * stays chosen between the two.
 */
export function ProductsCsvImport() {
  const fetcher = useFetcher<ProductActionData>({ key: "admin-products-csv" });
  const [checkedFile, setCheckedFile] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  // The import is offered once this very file passed the check.
  const checked = checkedFile !== null && answer?.intent === "csv-check" && answer.ok;

  useEffect(() => {
    if (!answer || (answer.intent !== "csv-check" && answer.intent !== "csv-import")) return;
    if (answer.ok) toast.success(PRODUCT_TOASTS[answer.intent].success);
    else toast.error(PRODUCT_TOASTS[answer.intent].failure);
  }, [answer]);

  return (
    <details className="rounded-xl border border-slate-200 p-4">
      <summary className="cursor-pointer text-sm font-medium">Importar CSV</summary>
      <fetcher.Form method="post" encType="multipart/form-data" className="mt-3 flex flex-col gap-3">
        <p className="text-xs text-slate-600">
          Uma linha por variante, separada por ponto e vírgula, em UTF-8 (como o Excel salva &quot;CSV
          UTF-8&quot;). Colunas: {PRODUCT_CSV_COLUMNS.join(";")}. Verifique primeiro: nada é gravado até você
          importar, e uma linha recusada impede a importação inteira.
        </p>
        <label className="text-sm font-medium text-slate-700" htmlFor="admin-products-csv-file">
          Arquivo CSV
        </label>
        <input
          id="admin-products-csv-file"
          type="file"
          name="csvFile"
          accept=".csv,text/csv"
          required
          onChange={() => setCheckedFile(null)}
          className="text-sm"
        />
        <div className="flex gap-2">
          <Button
            type="submit"
            name="intent"
            value="csv-check"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={(event) => {
              const file = event.currentTarget.form?.elements.namedItem("csvFile");
              setCheckedFile(file instanceof HTMLInputElement ? file.value : null);
            }}
          >
            {busy && fetcher.formData?.get("intent") === "csv-check" ? "Verificando..." : "Verificar"}
          </Button>
          <Button type="submit" name="intent" value="csv-import" size="sm" disabled={busy || !checked}>
            <Upload aria-hidden className="size-4" />
            {busy && fetcher.formData?.get("intent") === "csv-import" ? "Importando..." : "Importar"}
          </Button>
        </div>
        <CsvAnswer answer={answer} />
      </fetcher.Form>
    </details>
  );
}

function CsvAnswer({ answer }: { answer?: ProductActionData }) {
  if (!answer || (answer.intent !== "csv-check" && answer.intent !== "csv-import")) return null;
  if (answer.ok) {
    return (
      <p role="status" className="text-sm text-green-700">
        {answer.message}
      </p>
    );
  }
  return (
    <div role="alert" className="text-sm text-red-700">
      <p className="font-medium">
        {answer.intent === "csv-import" ? "Nada foi importado." : "Nada foi gravado."} Corrija o arquivo:
      </p>
      <ul className="mt-1 max-h-64 list-disc overflow-y-auto pl-5">
        {(answer.lines ?? []).map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
