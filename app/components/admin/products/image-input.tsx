import { clsx } from "clsx";
import { useEffect, useId, useState } from "react";
import { isOwnImagePath } from "../../../domain/admin/product-form-schema";
import { PRODUCT_IMAGE_MAX_BYTES } from "../../../domain/images/image-upload";
import { productThumbnailUrl } from "../../../lib/product-images";
import { inputClasses, FormMessage } from "../../ui/form-field";

export interface ImageInputProps {
  label: string;
  urlName: string;
  fileName: string;
  defaultUrl?: string;
  error?: string;
  className?: string;
}

/**
 * An image by URL or by file, with a preview. The store's pages show only images it serves
 * itself, so a remote URL cannot be previewed: the server fetches and keeps it on saving.
 */
export function ImageInput({ label, urlName, fileName, defaultUrl = "", error, className }: ImageInputProps) {
  const id = useId();
  const errorId = `${id}-erro`;
  const [url, setUrl] = useState(defaultUrl);
  const [filePreview, setFilePreview] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  useEffect(() => () => void (filePreview && URL.revokeObjectURL(filePreview)), [filePreview]);

  const preview = filePreview ?? (isOwnImagePath(url.trim()) ? productThumbnailUrl(url.trim()) : null);
  const message = tooLarge ? "A imagem deve ter no máximo 5 MB" : error;
  return (
    <fieldset className={clsx("flex min-w-0 flex-col gap-2", className)}>
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex items-start gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 text-center text-xs text-slate-500">
          {preview ? (
            <img src={preview} alt="Pré-visualização da imagem" className="size-full object-contain" />
          ) : url.trim() ? (
            "Baixada ao salvar"
          ) : (
            "Sem imagem"
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label htmlFor={`${id}-url`} className="text-sm text-slate-600">
            URL da imagem
          </label>
          <input
            id={`${id}-url`}
            name={urlName}
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            placeholder="https://… ou /placeholder.svg"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            className={inputClasses}
          />
          <label htmlFor={`${id}-file`} className="text-sm text-slate-600">
            Ou envie um arquivo (JPEG, PNG, WebP ou GIF, até 5 MB)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            name={fileName}
            accept="image/jpeg,image/png,image/webp,image/gif"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            className="text-sm"
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              const oversized = file !== undefined && file.size > PRODUCT_IMAGE_MAX_BYTES;
              setTooLarge(oversized);
              if (oversized) input.value = "";
              setFilePreview(file && !oversized ? URL.createObjectURL(file) : null);
            }}
          />
        </div>
      </div>
      <FormMessage id={errorId} message={message} />
    </fieldset>
  );
}
