/**
 * A multipart/form-data body written by hand, its parts in the order given, as a browser sends a form's
 * controls (in document order): for posts whose size the test decides, such as a file far over its limit
 * after the text fields. A file is a PDF header and ASCII filler, so the body is a plain string.
 */
export type Part = [name: string, value: string] | [name: string, file: { filename: string; type: string; size: number }];

const BOUNDARY = "----PortalTestBoundary7MA4YWxkTrZu0gW";

/** The body and its Content-Type header (no Content-Length: the action counts the body as it arrives). */
export function multipartBody(parts: Part[]): { body: string; headers: Record<string, string> } {
  const pieces = parts.map(([name, value]) => {
    if (typeof value === "string") return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = "%PDF-1.7\n";
    const content = head + "0".repeat(Math.max(0, value.size - head.length));
    return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n${content}\r\n`;
  });
  return {
    body: `${pieces.join("")}--${BOUNDARY}--\r\n`,
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
