/**
 * The HTTP server of an Express app (the portal's, the reference API's), whose requests and answers are
 * made with the app's own prototypes (`app.request`, `app.response`) from the start.
 *
 * Express gives every request and answer its own prototypes as they enter the app
 * (`Object.setPrototypeOf`). Done on every request, that change of shape makes V8 give up its fast paths
 * on those objects in Node's own HTTP code: a small JSON answer cost 0.143–0.150 ms of CPU through Express,
 * against 0.069–0.070 with objects made with those prototypes, which Express then finds already in place
 * (and 0.030 without Express). docs/decisions/223-express-objects-made-with-its-prototypes.md.
 *
 * Node 20 defines IncomingMessage and ServerResponse as functions, which a constructor of ours calls as
 * such. Were they classes, the server would be Node's own, as Express makes it.
 */
import { createServer, IncomingMessage, ServerResponse, type Server } from "node:http";
import type { Express } from "express";

type Made = (this: object, ...args: unknown[]) => void;

/** A constructor that runs `base`'s on objects of `prototype`. */
function madeWith(base: object, prototype: object): Made {
  const construct = base as Made;
  const made: Made = function (this: object, ...args: unknown[]) {
    construct.apply(this, args);
  };
  made.prototype = prototype;
  return made;
}

const functionStyle = (constructor: object) => !/^class\b/.test(Function.prototype.toString.call(constructor));

/** The server of `app`, its requests and answers of the app's prototypes. */
export function expressServer(app: Express): Server {
  if (!functionStyle(IncomingMessage) || !functionStyle(ServerResponse)) return createServer(app);
  return createServer(
    {
      IncomingMessage: madeWith(IncomingMessage, app.request) as unknown as typeof IncomingMessage,
      ServerResponse: madeWith(ServerResponse, app.response) as unknown as typeof ServerResponse,
    },
    app,
  );
}

/**
 * `app.listen(port, host, callback)` on that server: the callback gets the error of a port in use or an
 * address not of this machine, or nothing once the server listens (as Express's own listen does).
 */
export function listen(app: Express, port: number, host: string, callback: (error?: Error) => void): Server {
  const server = expressServer(app);
  let called = false;
  const once = (error?: Error) => {
    if (called) return;
    called = true;
    callback(error);
  };
  server.once("error", once);
  return server.listen(port, host, () => once());
}
