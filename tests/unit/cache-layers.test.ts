import { describe, expect, it } from "vitest";
import { parseCacheLayers } from "#common/cache-layers";
import { ConfigError, parseConfig } from "../../app/lib/config.server.ts";

describe("CACHE_LAYERS_OFF (a measuring switch)", () => {
  it("names the layers it turns off, in any case and spacing", () => {
    expect([...parseCacheLayers(" Door, 304 ,gathered-reads").off].sort()).toEqual(["304", "door", "gathered-reads"]);
    expect(parseCacheLayers(undefined).off.size).toBe(0);
  });

  it("stops the server at start on a word that names no layer, listing the layers", () => {
    expect(() => parseConfig({ CACHE_LAYERS_OFF: "door,kept-pages" })).toThrow(ConfigError);
    expect(() => parseConfig({ CACHE_LAYERS_OFF: "door,kept-pages" })).toThrow(
      /kept-pages.*304, door, gathered-reads, kept-reads, session-cookies/s,
    );
    expect(() => parseConfig({ CACHE_LAYERS_OFF: "session-cookies,kept-reads" })).not.toThrow();
  });
});
