/**
 * A page address that answers a file (an invoice's PDF, a ticket's file): the route's middleware asks
 * `answer` for the file and sends it before any page is made; a refusal (another's account, an id the API
 * does not know, an API that does not answer) becomes the product's error page instead, inside the
 * signed-in layout and in the customer's language, since the loader throws it as any page's loader does.
 * A redirect (the API ended the session: sign in again) is answered as it is. The links to such an address
 * are plain links; a client-side navigation there reloads it as a document.
 *
 *   const file = fileRoute(invoiceFile);
 *   export const middleware = [file.middleware];
 *   export const loader = file.loader;
 */
import {
  createContext,
  redirectDocument,
  type LoaderFunctionArgs,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { requestInfoContext } from "./request-info.ts";
import { pageUrl } from "./page-url.ts";

export function fileRoute<Params>(
  answer: (context: Readonly<RouterContextProvider>, request: Request, params: Params) => Promise<Response>,
) {
  /** What refused the file, for the loader to throw as the page's error. */
  const refusedContext = createContext<{ error: unknown } | null>(null);

  const middleware: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
    if (context.get(requestInfoContext).dataRequest) return next();
    try {
      return await answer(context, request, params as Params);
    } catch (error) {
      if (error instanceof Response) throw error;
      context.set(refusedContext, { error });
      return next();
    }
  };

  function loader({ request, context }: LoaderFunctionArgs<Readonly<RouterContextProvider>>): never {
    const refused = context.get(refusedContext);
    if (refused) throw refused.error;
    throw redirectDocument(pageUrl(request).pathname);
  }

  return { middleware, loader };
}
