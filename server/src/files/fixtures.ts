/** Test files for CV uploads: small real PDFs, and the multipart form the upload route takes. */
import { UPLOAD_FIELD } from '@nordlys/sdk/schemas';

/** A small, valid PDF whose text carries `marker`, so a test can tell whose CV it got back. */
export function pdf(marker = 'CV'): Buffer {
  const text = `BT /F1 12 Tf 72 720 Td (${marker.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The multipart body of an upload: `bytes` as the field file_upload, named `name`. */
export function fileForm(bytes: Buffer, name: string, type = 'application/pdf'): FormData {
  const form = new FormData();
  form.append(UPLOAD_FIELD, new File([new Uint8Array(bytes)], name, { type }));
  return form;
}
