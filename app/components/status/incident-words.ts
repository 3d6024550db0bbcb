/** Words shared by the incident notices and the public status page: the kinds of service, times in Toronto. */
import type { IncidentService } from "#contract/status";
import { localeOf, type Language } from "~/lib/i18n";
import type { T } from "~/lib/translate";
import { torontoToday } from "~/schemas/values";

const lists = new Map<Language, Intl.ListFormat>();

/** "internet and TV" / "Internet et télé": the kinds of service, in the language's own list. */
export function serviceNames(services: readonly IncidentService[], t: T, language: Language): string {
  let list = lists.get(language);
  if (!list) lists.set(language, (list = new Intl.ListFormat(localeOf(language), { type: "conjunction" })));
  return list.format(services.map((service) => t(`status:kinds.${service}`)));
}

/** A text whose first word is a service's name ("internet outage…") begins with a capital. */
export const capitalized = (text: string, language: Language) => text.charAt(0).toLocaleUpperCase(localeOf(language)) + text.slice(1);

/** The Toronto day (YYYY-MM-DD) of an instant, as `torontoToday` says the page's day. */
export const dayOf = (instant: string) => torontoToday(new Date(instant));

/** Whether an instant falls on this Toronto day. */
export const onDay = (instant: string, day: string) => dayOf(instant) === day;
