/**
 * What the incident notices and the public status page say, rendered as the server renders them, in
 * English and in Canadian French: times in Toronto through Intl (2:10 p.m. / 14 h 10, 6 p.m. / 18 h),
 * the date only for another day, maintenance worded as such, the latest update with its time.
 */
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { renderWords } from "../support/render-page.ts";
import { describe, expect, it } from "vitest";
import type { AccountIncident } from "#contract/status";
import { IncidentAlerts, IncidentLink } from "../../app/components/status/IncidentAlerts.tsx";
import type { Language } from "../../app/lib/i18n.ts";
import { resources } from "../../app/lib/i18n.server.ts";
import { TextsContext, completeTexts } from "../../app/lib/translate.ts";
import ServiceStatus from "../../app/routes/status/status.tsx";
import { maintenance, outage, publicIncidents } from "../mocks/status.ts";

const render = renderWords;

const TODAY = "2026-11-15";
const notice = (incidents: AccountIncident[], language: Language = "en", today = TODAY) =>
  render(() => h(IncidentAlerts, { incidents, today }), language);
const NBSP = "\u00a0";

describe("the notice of an outage in the account's area", () => {
  it("says what, since when and until when, and the latest update with its time", () => {
    const text = notice([outage]);
    expect(text).toContain("Internet outage in your area");
    expect(text).toContain(`Since 2:10${NBSP}p.m.; expected back by 6${NBSP}p.m.`);
    expect(text).toContain("A fibre cable was cut during construction work in Leslieville.");
    expect(text).toContain(`Latest update, 3:05${NBSP}p.m.: The crew found the cut cable and is splicing the fibres.`);
    expect(text).toContain("Service status in every area");
  });

  it("says it in Canadian French, times as Intl writes them for fr-CA", () => {
    const text = notice([outage], "fr");
    expect(text).toContain(`Panne dans votre secteur${NBSP}: Internet`);
    expect(text).toContain(`Depuis 14${NBSP}h${NBSP}10${NBSP}; retour prévu vers 18${NBSP}h.`);
    expect(text).toContain(`Dernière mise à jour, 15${NBSP}h${NBSP}05${NBSP}: The crew found`);
  });

  it("names the day when the outage began on another, and says when the end is not known", () => {
    const text = notice([{ ...outage, expected_end_at: null }], "en", "2026-11-16");
    expect(text).toContain(`Since November 15, 2026 at 2:10${NBSP}p.m.; we don’t know yet when service will be back.`);
    expect(text).toMatch(/Latest update, Nov 15, 2026, 3:05\s?p\.m\.: /);
    const french = notice([{ ...outage, services: ["internet", "tv"] }], "fr", "2026-11-16");
    expect(french).toContain(`Panne dans votre secteur${NBSP}: Internet et télé`);
    expect(french).toContain(`Depuis le 15 novembre 2026 à 14${NBSP}h${NBSP}10${NBSP}; retour prévu le 15 novembre 2026 vers 18${NBSP}h.`);
  });
});

describe("the notice of a maintenance", () => {
  it("words a window ahead as planned maintenance, with its day and hours", () => {
    const text = notice([maintenance]);
    expect(text).toContain("Planned internet maintenance on your service");
    expect(text).toContain(`Wednesday, November 18, 2026, from 1${NBSP}a.m. to 5${NBSP}a.m.`);
    // A service named by the maintenance is not on the public list: no link there.
    expect(text).not.toContain("Service status in every area");
    const french = notice([maintenance], "fr");
    expect(french).toContain(`Entretien planifié de votre service${NBSP}: Internet`);
    expect(french).toContain(`Le mercredi 18 novembre 2026, de 1${NBSP}h à 5${NBSP}h.`);
  });

  it("words a window under way as maintenance under way, until its planned end", () => {
    const text = notice([{ ...maintenance, state: "current", touches: "area" }], "en", "2026-11-18");
    expect(text).toContain("Internet maintenance under way in your area");
    expect(text).toContain(`Since 1${NBSP}a.m.; expected to end by 5${NBSP}a.m.`);
  });

  it("says nothing at all when nothing touches the account", () => {
    expect(notice([])).not.toMatch(/outage|maintenance/i);
  });
});

describe("the link beside a service's status", () => {
  it("leads to the notice on the same page, named by its title", () => {
    const html = renderToString(
      h(
        TextsContext.Provider,
        { value: completeTexts("en", resources.en, new Set()) },
        h(createRoutesStub([{ path: "/", Component: () => h(IncidentLink, { incident: outage }) }]), { initialEntries: ["/"] }),
      ),
    );
    expect(html).toContain('href="#incident-1"');
    expect(html).toContain("Internet outage in your area");
  });
});

describe("the public status page", () => {
  const page = (loaderData: unknown, language: Language = "en") =>
    render(() => h(ServiceStatus as (props: { loaderData: unknown }) => ReactNode, { loaderData }), language);
  const data = {
    current: [publicIncidents.incidents[0]],
    upcoming: [],
    resolved: [publicIncidents.incidents[1]],
    asOf: publicIncidents.as_of,
    resolvedDays: 7,
  };

  it("lists each incident by area, with its times, updates and resolution", () => {
    const text = page(data);
    expect(text).toContain("Service status");
    expect(text).toContain("Internet outage");
    expect(text).toContain("Areas M4L, M4M");
    expect(text).toContain("No maintenance planned.");
    expect(text).toContain("TV outage");
    expect(text).toContain("How it was resolved A faulty video server was replaced.");
  });

  it("says so when nothing is wrong, in both languages", () => {
    const empty = { current: [], upcoming: [], resolved: [], asOf: publicIncidents.as_of, resolvedDays: 7 };
    expect(page(empty)).toContain("No known problems right now.");
    expect(page(empty)).toContain("Nothing resolved in the last 7 days.");
    const french = page(empty, "fr");
    expect(french).toContain("État des services");
    expect(french).toContain("Aucun problème connu en ce moment.");
    expect(french).toContain(`Dernière mise à jour${NBSP}: 15 nov. 2026, 15${NBSP}h${NBSP}30.`);
  });
});
