/** The look of a form's controls, apart from conform: a GET filter form uses it without the form kit's helpers. */
export const controlClass = (invalid: boolean) =>
  `block w-full rounded-md border px-3 py-2 text-base shadow-sm focus:border-primary ${invalid ? "border-error" : "border-gray-500"}`;

/** A filter's input outside a conform form (a GET form of dates or kinds): the form's look, narrower. */
export const filterInputClass = (invalid: boolean) => `${controlClass(invalid)} max-w-xs`;
