/**
 * Service status: an internet outage under way in resi@example.com's area (M4M, Leslieville, and the
 * next area, M4L), started a little under two hours before the seeding moment; a planned maintenance of
 * Harbourfront Logistics' dedicated internet (200301, endpoint 8001) three days ahead, named by its
 * service only (so it is not on the public page); and two incidents resolved in the past week (TV in M6G,
 * where family@'s home is; a maintenance in M5J and M5V, where the condo is).
 */
import type { SeedContext } from "./core.ts";
import { addDays, dayAt } from "#common/calendar";
import { insert } from "./tools.ts";

/** The demo's incidents, by id. */
export const DEMO_INCIDENTS = { outage: 1, maintenance: 2, tvResolved: 3, maintenanceResolved: 4 } as const;
/** The business endpoint whose maintenance is ahead. */
export const DEMO_MAINTENANCE_SERVICE = 8001;

const MINUTE = 60_000;

export async function seedStatus(ctx: SeedContext): Promise<void> {
  const { db, today, now } = ctx;
  // The outage: started on a ten-minute mark, 1 h 50 before the seeding moment; back expected on the
  // fourth hour after it.
  const started = new Date(Math.floor(now.getTime() / (10 * MINUTE)) * 10 * MINUTE - 110 * MINUTE);
  const expectedBack = new Date(Math.floor(now.getTime() / (60 * MINUTE)) * 60 * MINUTE + 4 * 60 * MINUTE);
  const after = (minutes: number) => new Date(started.getTime() + minutes * MINUTE);

  const tvDay = addDays(today, -2);
  const maintenanceDay = addDays(today, -5);
  const aheadDay = addDays(today, 3);

  await insert(db, "incidents", [
    {
      id: DEMO_INCIDENTS.outage,
      kind: "outage",
      services: ["internet"],
      summary_en: "A fibre cable was cut during construction work in Leslieville. Internet service is down for some customers.",
      summary_fr:
        "Un câble de fibre a été sectionné pendant des travaux de construction dans Leslieville. Le service Internet est interrompu pour certains clients.",
      starts_at: started,
      expected_end_at: expectedBack,
      resolved_at: null,
      resolution_en: null,
      resolution_fr: null,
    },
    {
      id: DEMO_INCIDENTS.maintenance,
      kind: "maintenance",
      services: ["internet"],
      summary_en:
        "Planned upgrade of the equipment serving your dedicated internet circuit. Expect up to 30 minutes without service during the window.",
      summary_fr:
        "Mise à niveau planifiée de l’équipement qui dessert votre circuit Internet dédié. Prévoyez jusqu’à 30 minutes sans service pendant la plage.",
      starts_at: dayAt(aheadDay, 6),
      expected_end_at: dayAt(aheadDay, 10),
      resolved_at: null,
      resolution_en: null,
      resolution_fr: null,
    },
    {
      id: DEMO_INCIDENTS.tvResolved,
      kind: "outage",
      services: ["tv"],
      summary_en: "Some TV channels froze or went dark.",
      summary_fr: "Certaines chaînes de télé étaient figées ou noires.",
      starts_at: dayAt(tvDay, 23, 40),
      expected_end_at: null,
      resolved_at: dayAt(addDays(tvDay, 1), 1, 15),
      resolution_en: "A faulty video server was replaced. All channels are back.",
      resolution_fr: "Un serveur vidéo défectueux a été remplacé. Toutes les chaînes sont de retour.",
    },
    {
      id: DEMO_INCIDENTS.maintenanceResolved,
      kind: "maintenance",
      services: ["internet", "phone"],
      summary_en: "Planned network maintenance downtown. Internet and phone may be down for a few minutes during the window.",
      summary_fr:
        "Entretien planifié du réseau au centre-ville. Internet et le téléphone pourraient être interrompus quelques minutes pendant la plage.",
      starts_at: dayAt(maintenanceDay, 7),
      expected_end_at: dayAt(maintenanceDay, 9, 30),
      resolved_at: dayAt(maintenanceDay, 9, 5),
      resolution_en: "The maintenance is complete.",
      resolution_fr: "L’entretien est terminé.",
    },
  ]);
  await db.query("SELECT setval(pg_get_serial_sequence('incidents', 'id'), 100)");

  await insert(db, "incident_areas", [
    // resi@example.com's service address is in M4M (245 Carlaw Avenue, M4M 2S1).
    { incident_id: DEMO_INCIDENTS.outage, postal_prefix: "M4M" },
    { incident_id: DEMO_INCIDENTS.outage, postal_prefix: "M4L" },
    { incident_id: DEMO_INCIDENTS.tvResolved, postal_prefix: "M6G" },
    { incident_id: DEMO_INCIDENTS.maintenanceResolved, postal_prefix: "M5J" },
    { incident_id: DEMO_INCIDENTS.maintenanceResolved, postal_prefix: "M5V" },
  ]);
  await insert(db, "incident_services", [{ incident_id: DEMO_INCIDENTS.maintenance, service_id: DEMO_MAINTENANCE_SERVICE }]);
  await insert(db, "incident_updates", [
    {
      incident_id: DEMO_INCIDENTS.outage,
      posted_at: after(20),
      text_en: "We know about the outage and a repair crew is on its way.",
      text_fr: "Nous sommes au courant de la panne et une équipe de réparation est en route.",
    },
    {
      incident_id: DEMO_INCIDENTS.outage,
      posted_at: after(75),
      text_en: "The crew found the cut cable and is splicing the fibres. Service will come back gradually.",
      text_fr: "L’équipe a trouvé le câble sectionné et raccorde les fibres. Le service reviendra graduellement.",
    },
    {
      incident_id: DEMO_INCIDENTS.tvResolved,
      posted_at: dayAt(addDays(tvDay, 1), 0, 10),
      text_en: "We are restarting the video servers. Some channels are back.",
      text_fr: "Nous redémarrons les serveurs vidéo. Certaines chaînes sont de retour.",
    },
  ]);
}
