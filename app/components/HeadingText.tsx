/**
 * A heading's text with its reference (a request's number, CS-204803) on one line: a phone broke it after
 * the hyphen. For the pages that name a reference in their heading (PageHeader's and PublicCard's `heading`).
 */
export function HeadingText({ text, reference }: { text: string; reference?: string }) {
  const at = reference ? text.indexOf(reference) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className="whitespace-nowrap">{reference}</span>
      {text.slice(at + reference!.length)}
    </>
  );
}
