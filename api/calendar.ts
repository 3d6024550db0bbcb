/** Calendar arithmetic on YYYY-MM-DD strings in UTC, for the service and the seed. */
export const day = {
  parse: (iso: string) => new Date(`${iso}T00:00:00Z`),
  format: (date: Date) => date.toISOString().slice(0, 10),
  addDays: (iso: string, days: number) => day.format(new Date(day.parse(iso).getTime() + days * 86_400_000)),
  addMonths(iso: string, months: number, dayOfMonth?: number) {
    const d = day.parse(iso);
    const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
    const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    target.setUTCDate(Math.min(dayOfMonth ?? d.getUTCDate(), last));
    return day.format(target);
  },
  /** An instant on a day at a given UTC hour and minute. */
  at: (iso: string, hour: number, minute = 0) => new Date(`${iso}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`),
};
