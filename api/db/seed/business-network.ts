/**
 * The commercial network and support tickets of the demo.
 *
 *  - Every dedicated internet service gets an endpoint (circuit, hand-off, VLAN, monitoring settings),
 *    IPv4 and IPv6 blocks, about three months of alerts (service 8024 is set down, its outage still
 *    open) and 60 days of hourly bandwidth samples shaped like office traffic (weekday afternoons busy,
 *    nights and weekends quiet, a few bursts).
 *  - Every colocation service gets a cabinet with A and B feeds (one a C feed too) and 60 days of hourly
 *    power samples; the cabinet of service 8005 runs its A feed close to the breaker's continuous limit.
 *  - Support tickets in every state, each with a few messages of both sides: resi@example.com (4, the
 *    moving one waiting for her reply), family@example.com (one per account; the condo's written and
 *    answered in French), business@example.com (several accounts; on 200305, where she only reads, one
 *    opened by a colleague without a sign-in and waiting for the customer), one with a PDF attachment;
 *    three fixed lookup links (TICKET_LINKS_DEMO), as a visitor's ticket lookup e-mails them.
 *
 * Bulk samples are generated in SQL (generate_series) so the seed stays fast.
 */
import { createHash } from "node:crypto";
import type { Db } from "../client.ts";
import { addDays, dayAt, parseDay } from "#common/calendar";
import { insert } from "./tools.ts";
import { DEMO, type SeedContext } from "./core.ts";

/** Samples cover this many days up to and including the seed day, one an hour. */
export const SAMPLE_DAYS = 60;
const HOUR = 3600;
/** A dedicated internet service that is down on the seed day. */
const OUTAGE_SERVICE = 8024;

type ServiceRow = { id: number; customer_id: number; category: string; name: string; status: string; activated_on: string };
type ContactRow = { id: number; customer_id: number; email: string; roles: string[]; status: string };

export async function seedBusinessNetwork(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  // The demo's open outage: the dedicated internet of Etobicoke Cold Storage (200308) went down last
  // night (its alert history ends there and a support ticket follows it).
  await db.query("UPDATE services SET status = 'down' WHERE id = $1 AND category = 'dedicated_internet'", [OUTAGE_SERVICE]);
  const services = await db.query<ServiceRow>(
    `SELECT id, customer_id, category, name, status, activated_on FROM services
      WHERE category IN ('dedicated_internet', 'colocation') ORDER BY id`,
  );
  const contacts = await db.query<ContactRow>("SELECT id, customer_id, email, roles, status FROM contacts ORDER BY id");
  await seedEndpoints(
    ctx,
    services.filter((s) => s.category === "dedicated_internet"),
    contacts,
  );
  await seedCabinets(
    ctx,
    services.filter((s) => s.category === "colocation"),
  );
  await seedTickets(ctx);
  await seedTicketLinks(ctx);
}

/**
 * Runs a bulk insert into a table with its primary key and foreign keys set aside, then puts them back
 * (the index built once, each reference checked by one query), as PostgreSQL's "Populating a Database"
 * advises: per-row index and reference upkeep costs several times the insert itself on PGlite. The
 * definitions are read from the catalogue, so they come back exactly as the migration made them.
 */
async function bulkLoad(db: Db, table: string, load: () => Promise<void>) {
  const constraints = await db.query<{ name: string; def: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid = $1::regclass AND contype IN ('p', 'f') ORDER BY contype DESC, conname`,
    [table],
  );
  for (const c of constraints) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${c.name}`);
  await load();
  for (const c of constraints) await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${c.name} ${c.def}`);
}

// ---------------------------------------------------------------------------------------------------

/** Hands out aligned IPv4 blocks from the documentation ranges, in order. */
function ipv4Allocator() {
  const pools = [
    [203, 0, 113],
    [198, 51, 100],
    [192, 0, 2],
  ];
  let pool = 0;
  let next = 0;
  return (prefix: number) => {
    const size = 2 ** (32 - prefix);
    next = Math.ceil(next / size) * size;
    if (next + size > 256) {
      pool++;
      next = 0;
    }
    if (pool >= pools.length) throw new Error("Demo IPv4 pools exhausted");
    const cidr = `${pools[pool].join(".")}.${next}/${prefix}`;
    next += size;
    return cidr;
  };
}

const LABELS = ["Head office primary", null, "Warehouse uplink", null, "Studio fibre", "Backup path", null];

async function seedEndpoints(ctx: SeedContext, services: ServiceRow[], contacts: ContactRow[]) {
  const { db, today, random } = ctx;
  const endpoints: Record<string, unknown>[] = [];
  const blocks: Record<string, unknown>[] = [];
  const alerts: Record<string, unknown>[] = [];
  const nextV4 = ipv4Allocator();
  // The open outage of a service that is down: the link went down last night.
  const outageAt = dayAt(addDays(today, -1), 22, 17);

  services.forEach((service, j) => {
    const tenGig = /10 Gbps/.test(service.name);
    const device = `tor1-agg-0${1 + (j % 3)}.net.lakeshore-fibre.example`;
    const port = tenGig ? `xe-0/1/${j}` : `ge-0/0/${j}`;
    const own = contacts.filter((c) => c.customer_id === service.customer_id);
    const notify = own.find((c) => c.roles.includes("notify") && c.status === "activated") ?? null;
    const companyDomain = own.map((c) => c.email.split("@")[1]).find((domain) => domain !== "example.com");
    endpoints.push({
      service_id: service.id,
      circuit_id: `LF-TOR-DIA-${String(service.id).padStart(5, "0")}`,
      access_device: device,
      port,
      handoff: tenGig ? "10GBASE-LR (single-mode fibre, LC)" : "1000BASE-LX (single-mode fibre, LC)",
      speed_mbps: tenGig ? 10_000 : 1_000,
      vlan_id: j % 3 === 0 ? null : 100 + j * 10,
      label: LABELS[j % LABELS.length],
      description: j % 4 === 0 ? "Patched to the core switch in the main IT room." : null,
      alert_emails: companyDomain ? (j % 2 === 0 ? [`noc@${companyDomain}`, "business@example.com"] : [`noc@${companyDomain}`]) : [],
      notify_contact_id: notify?.id ?? null,
      updated_at: null,
      updated_by: null,
    });

    // A WAN /30 on some, a routed IPv4 block on all; an IPv6 link /64 and a routed /48 on all.
    if (j % 3 === 1)
      blocks.push({ service_id: service.id, network: nextV4(30), description: "WAN link", assigned_on: service.activated_on });
    blocks.push({
      service_id: service.id,
      network: nextV4(tenGig ? 28 : 29),
      description: "Routed block",
      assigned_on: service.activated_on,
    });
    if (j % 4 === 2)
      blocks.push({ service_id: service.id, network: nextV4(29), description: "Additional block", assigned_on: addDays(today, -45) });
    const hex = (0x1000 + j).toString(16);
    blocks.push({
      service_id: service.id,
      network: `2001:db8:100:${hex}::/64`,
      description: "IPv6 link",
      assigned_on: service.activated_on,
    });
    blocks.push({
      service_id: service.id,
      network: `2001:db8:${hex}::/48`,
      description: "Routed IPv6 prefix",
      assigned_on: service.activated_on,
    });

    // Incidents over the last 90 days, on different days, each a down event then its recovery.
    const kinds: [string, string][] = [
      ["Interface down", "Interface up"],
      ["BGP session down", "BGP session established"],
      ["Optical receive power below threshold", "Optical receive power normal"],
      ["Loss of signal", "Signal restored"],
    ];
    const days = new Set<number>();
    const incidents = random.int(2, 6);
    while (days.size < incidents) days.add(random.int(2, 90));
    for (const ago of [...days].sort((a, b) => b - a)) {
      const [down, up] = random.pick(kinds);
      const at = dayAt(addDays(today, -ago), random.int(0, 23), random.int(0, 59));
      const back = new Date(at.getTime() + random.int(2, 240) * 60_000);
      alerts.push({ service_id: service.id, occurred_at: at, access_device: device, port, event: down, status: "down" });
      alerts.push({ service_id: service.id, occurred_at: back, access_device: device, port, event: up, status: "up" });
    }
    if (service.status === "down") {
      alerts.push({
        service_id: service.id,
        occurred_at: outageAt,
        access_device: device,
        port,
        event: "Interface down",
        status: "down",
      });
    }
  });

  await insert(db, "network_endpoints", endpoints);
  await insert(db, "ip_blocks", blocks);
  await insert(db, "endpoint_alerts", alerts);

  await bulkLoad(db, "bandwidth_samples", () => sampleBandwidth(db, today));
  // A link that is down carries nothing since its outage: the hour it went down only up to then.
  const downIds = services.filter((s) => s.status === "down").map((s) => s.id);
  if (downIds.length) {
    const hourStart = new Date(Math.floor(outageAt.getTime() / (HOUR * 1000)) * HOUR * 1000);
    const share = (outageAt.getTime() - hourStart.getTime()) / (HOUR * 1000);
    await db.query(
      `UPDATE bandwidth_samples
          SET download_bytes = CASE WHEN sampled_at < $3 THEN round(download_bytes * $4::float8)::bigint ELSE 0 END,
              upload_bytes = CASE WHEN sampled_at < $3 THEN round(upload_bytes * $4::float8)::bigint ELSE 0 END
        WHERE service_id = ANY($1::int[]) AND sampled_at >= $2`,
      [downIds, hourStart, new Date(hourStart.getTime() + HOUR * 1000), share],
    );
  }
}

/**
 * Hourly bandwidth samples of the endpoints from `fromServiceId` on, over SAMPLE_DAYS days up to the seed
 * day, generated in SQL (the demo's and the scale seed's endpoints alike).
 *
 * Hourly samples from midnight UTC. Local time is UTC-5: hour n is local hour (n + 19) % 24 of local
 * day (n + 19) / 24 - 1. Weekday afternoons peak, weekends run at about a third; every service has
 * its own base load, and an integer hash adds noise and a few bursts. Arithmetic in float8 (fast).
 * In key order: appending to the primary key's index costs a fraction of inserting all over it.
 */
export async function sampleBandwidth(db: Db, today: string, fromServiceId = 0): Promise<void> {
  const start = dayAt(addDays(today, -(SAMPLE_DAYS - 1)), 0);
  // ISO weekday (1 = Monday) of the local day before the first sample.
  const firstLocalWeekday = ((parseDay(addDays(today, -SAMPLE_DAYS)).getUTCDay() + 6) % 7) + 1;
  await db.query(
    `INSERT INTO bandwidth_samples (service_id, sampled_at, interval_seconds, download_bytes, upload_bytes)
     SELECT service_id, $1::timestamptz + n * interval '1 hour', ${HOUR},
            round(full_bytes * down)::bigint, round(full_bytes * down * (0.3 + 0.25 * noise2))::bigint
       FROM (
         SELECT e.service_id, n, noise2, e.speed_mbps * 125000.0::float8 * ${HOUR} AS full_bytes,
                least(0.97::float8,
                      (0.12 + ((e.service_id * 37) % 29) / 100.0::float8)
                      * (0.2 + 0.8 * (0.5 - 0.5 * cos(2 * pi() * (((n + 19) % 24) - 3) / 24.0::float8))
                             * CASE WHEN ((($2::int - 1 + (n + 19) / 24) % 7) + 1) >= 6 THEN 0.35 ELSE 1.0 END)
                      * (0.85 + 0.3 * noise) * CASE WHEN noise > 0.993 THEN 3.2 ELSE 1.0 END) AS down
           FROM (
             SELECT e.service_id, e.speed_mbps, n,
                    ((n::bigint * 2654435761 + e.service_id::bigint * 40503) % 1000) / 1000.0::float8 AS noise,
                    ((n::bigint * 40503 + e.service_id * 2654435761) % 1000) / 1000.0::float8 AS noise2
               FROM network_endpoints e CROSS JOIN generate_series(0, ${SAMPLE_DAYS * 24 - 1}) AS n
              WHERE e.service_id >= $3
           ) e
       ) samples
      ORDER BY service_id, n`,
    [start, firstLocalWeekday, fromServiceId],
  );
}

// ---------------------------------------------------------------------------------------------------

async function seedCabinets(ctx: SeedContext, services: ServiceRow[]) {
  const { db, today } = ctx;
  const cabinets: Record<string, unknown>[] = [];
  const circuits: Record<string, unknown>[] = [];
  /** Share of the breaker each circuit draws at its busiest hour. */
  const loads: number[] = [];
  services.forEach((service, j) => {
    cabinets.push({
      service_id: service.id,
      cabinet_ref: `TOR1-C${6 + (j % 3)}-R${String(4 + j).padStart(2, "0")}-K${12 + j}`,
      facility: "TOR1 – 151 Front Street West",
      cage: j % 2 === 0 ? `Cage ${6 + (j % 3)}` : null,
      rack_units: 42,
    });
    const amps = j % 3 === 2 ? 20 : 30;
    const feeds = j === 3 ? ["A feed", "B feed", "C feed"] : ["A feed", "B feed"];
    feeds.forEach((name, f) => {
      circuits.push({ service_id: service.id, name, voltage: name === "C feed" ? 120 : 208, breaker_amps: amps });
      // Redundant feeds share the load, B a little less; 8005's A feed runs near its 80% limit.
      const busy = j === 0 && f === 0 ? 0.76 : 0.22 + ((service.id * 13 + f * 7) % 25) / 100 - f * 0.04;
      loads.push(busy);
    });
  });
  await insert(db, "cabinets", cabinets);
  const inserted = await insert(db, "cabinet_circuits", circuits, "id, service_id, name");
  const ids = circuits.map((c) => inserted.find((r) => r.service_id === c.service_id && r.name === c.name)!.id as number);
  const breakers = circuits.map((c) => c.breaker_amps as number);

  const start = dayAt(addDays(today, -(SAMPLE_DAYS - 1)), 0);
  // Servers draw more in the local afternoon (UTC-5), a little noise on top; float8 arithmetic.
  await bulkLoad(db, "power_samples", async () => {
    await db.query(
      `INSERT INTO power_samples (circuit_id, sampled_at, interval_seconds, amps)
     SELECT c.id, $1::timestamptz + n * interval '1 hour', ${HOUR},
            round((c.breaker * c.busy * (0.82 + 0.12 * (0.5 - 0.5 * cos(2 * pi() * (((n + 19) % 24) - 4) / 24.0::float8))
                   + 0.06 * ((n::bigint * 2654435761 + c.id * 40503) % 1000) / 1000.0::float8))::numeric, 2)
       FROM unnest($2::int[], $3::float8[], $4::float8[]) AS c(id, breaker, busy)
      CROSS JOIN generate_series(0, ${SAMPLE_DAYS * 24 - 1}) AS n`,
      [start, ids, breakers, loads],
    );
  });
}

// ---------------------------------------------------------------------------------------------------

interface TicketSeed {
  customer: number;
  /** Who opened it: a demo user, or null for a contact without a sign-in (then `author` names them). */
  user: number | null;
  author?: string;
  service?: number;
  category: string;
  subject: string;
  description: string;
  status: string;
  /** Days before the seed day it was opened, and the hour (UTC). */
  opened: [number, number];
  cc?: string[];
  /** Replies: [days before the seed day, hour, agent (true) or customer, text]; an agent signs with a first name. */
  replies?: [number, number, boolean, string][];
  attachment?: string;
}

/** A tiny valid PDF, for the demo attachment (and the scale seed's). */
export const DEMO_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

async function seedTickets(ctx: SeedContext) {
  const { db, today } = ctx;
  const c = DEMO.customers;
  const u = DEMO.users;
  const b = (n: number) => DEMO.commercialFirst + n;
  const tickets: TicketSeed[] = [
    {
      customer: c.resi,
      user: u.resi,
      category: "tv",
      status: "closed",
      opened: [120, 14],
      subject: "Channel missing from TV Essentials",
      description: "CP24 disappeared from my lineup after the last update. Can you check my package?",
      replies: [
        [119, 16, true, "CP24 was restored to your lineup. Please restart your TV box if it is still missing."],
        [112, 10, true, "Closing this ticket as we have not heard back. Reply to reopen it."],
      ],
    },
    {
      customer: c.resi,
      user: u.resi,
      category: "billing",
      status: "resolved",
      opened: [40, 18],
      subject: "Question about a pay-per-view charge",
      description: "My last invoice has a $12.99 movie rental I do not remember ordering.",
      replies: [
        [39, 13, true, "The rental was ordered on the living-room box. We added a purchase PIN so it cannot happen by accident again."],
        [39, 20, false, "Thanks, that explains it. My son must have ordered it."],
        [38, 10, true, "Glad we could help. We are marking this request as resolved; reply here if anything else comes up."],
      ],
    },
    {
      customer: c.resi,
      user: u.resi,
      service: 7001,
      category: "wifi",
      status: "in_progress",
      opened: [6, 1],
      subject: "WiFi drops every evening",
      description: "Since last week the 5 GHz network drops for a minute or two almost every evening around 9 pm.",
      cc: ["arjun.singh@example.com"],
      replies: [
        [
          5,
          15,
          true,
          "Thanks Maya. We see channel interference in the evening logs and moved your 5 GHz network to channel 149. We will watch it for a few days.",
        ],
        [2, 2, false, "It happened again last night at 9:10 pm, but shorter."],
      ],
    },
    {
      customer: c.resi,
      user: u.resi,
      category: "moving",
      status: "waiting_on_customer",
      opened: [3, 17],
      subject: "Moving in January",
      description: "We move to 80 Broadview Avenue on January 15. Can the service move with us?",
      replies: [
        [3, 19, true, "Thanks Maya. We are checking that 80 Broadview Avenue is on our network and will write back tomorrow."],
        [
          2,
          14,
          true,
          "Good news, 80 Broadview Avenue is on our network. Which date and time window would suit you for the installation: morning (8 a.m. to noon) or afternoon (noon to 5 p.m.)?",
        ],
      ],
    },
    {
      customer: c.familyHome,
      user: u.family,
      category: "billing",
      status: "open",
      opened: [1, 16],
      subject: "Proof of payment sent – please restore service",
      description:
        "I paid the overdue balance by online banking yesterday and attached the confirmation. Please restore our internet and TV.",
      attachment: "bank-confirmation.pdf",
      replies: [[1, 20, true, "Thank you, we received your confirmation. The payment usually reaches us within two business days."]],
    },
    {
      customer: c.familyCondo,
      user: u.family,
      category: "account",
      status: "resolved",
      opened: [12, 19],
      // A French-speaking household: written, and answered, in French.
      subject: "Confirmer les dates de notre pause",
      description: "Pouvez-vous confirmer que la pause de nos services commence le premier du mois prochain, pour trois mois\u00a0?",
      replies: [
        [
          11,
          14,
          true,
          "C’est confirmé\u00a0: la pause commence le premier du mois prochain et se termine trois mois plus tard. Rien n’est facturé pendant la pause.",
        ],
        [11, 18, false, "Parfait, merci beaucoup\u00a0!"],
      ],
    },
    {
      customer: c.familyCottage,
      user: u.family,
      service: 7303,
      category: "internet",
      status: "open",
      opened: [1, 21],
      subject: "Basement suite internet slow",
      description: "Speed tests in the basement suite show about 40 Mbps instead of 150.",
    },
    {
      customer: b(0),
      user: u.business,
      service: 8001,
      category: "outage",
      status: "resolved",
      opened: [25, 13],
      subject: "Packet loss on the dedicated internet circuit",
      description: "We see 3-5% packet loss towards several cloud providers since this morning.",
      cc: ["noah.williams@harbourfrontlogi.example"],
      replies: [
        [25, 16, true, "A faulty optic on the aggregation router was replaced; loss stopped at 15:40."],
        [24, 14, false, "Confirmed, all clear on our side. Thanks!"],
      ],
    },
    {
      customer: b(0),
      user: u.business,
      service: 8001,
      category: "ip_addressing",
      status: "in_progress",
      opened: [4, 15],
      subject: "Request for an additional /29",
      description: "We are adding a second firewall cluster and need another /29 routed to our circuit.",
      replies: [[3, 18, true, "Approved. The new block will be routed during tomorrow's maintenance window."]],
    },
    {
      customer: b(1),
      user: u.business,
      service: 8005,
      category: "colocation",
      status: "closed",
      opened: [33, 12],
      subject: "Remote hands: reseat a patch cable",
      description: "Please reseat the cable in port 24 of the patch panel in U40 of our cabinet.",
      replies: [[33, 13, true, "Done, the link came up at 13:22. Photo available on request."]],
    },
    {
      customer: b(1),
      user: u.business,
      service: 8004,
      category: "voice",
      status: "waiting_on_customer",
      opened: [5, 14],
      subject: "One-way audio on some outbound calls",
      description: "About one call in ten to mobile numbers has no audio in one direction.",
      replies: [[4, 19, true, "Could you send two examples with the called number and time, so that we can trace them?"]],
    },
    {
      // Opened by phone by a colleague without a sign-in; Priya (billing and notify only here) reads it.
      customer: b(4),
      user: null,
      author: "Noah Williams",
      category: "voice",
      status: "waiting_on_customer",
      opened: [2, 15],
      subject: "Forward the main number to the new reception line",
      description: "From next Monday, please forward our main number to the new reception desk while the old office is emptied.",
      replies: [[1, 16, true, "Happy to. Which number should the calls go to, and should the forwarding end on a set date?"]],
    },
    {
      customer: b(2),
      user: u.business,
      service: 8008,
      category: "network_change",
      status: "open",
      opened: [1, 20],
      subject: "BGP communities for traffic engineering",
      description: "We would like to prepend our routes towards one transit provider. Which communities do you support?",
    },
    {
      customer: b(7),
      user: u.business,
      service: 8024,
      category: "outage",
      status: "in_progress",
      opened: [1, 22],
      subject: "Circuit down at the Carlingview warehouse",
      description: "Our dedicated internet link at 20 Carlingview Drive went down late last night.",
      cc: ["grace.kim@etobicokecoldsto.example"],
      replies: [[1, 23, true, "A technician is on the way; a fibre cut is suspected near Dixon Road."]],
    },
  ];

  const rows = tickets.map((t, i) => {
    const opened = dayAt(addDays(today, -t.opened[0]), t.opened[1], (i * 7) % 60);
    const last = t.replies?.length ? replyAt(today, t.replies[t.replies.length - 1], i) : opened;
    return {
      customer_id: t.customer,
      service_id: t.service ?? null,
      opened_by: t.user,
      category: t.category,
      subject: t.subject,
      description: t.description,
      cc_emails: t.cc ?? [],
      status: t.status,
      created_at: opened,
      updated_at: last,
      closed_at: t.status === "closed" ? last : null,
    };
  });
  const inserted = await insert(db, "support_tickets", rows, "id, customer_id, subject");
  const idOf = (t: TicketSeed) => inserted.find((r) => r.customer_id === t.customer && r.subject === t.subject)!.id as number;

  const names = await db.query<{ id: number; first_name: string; last_name: string }>("SELECT id, first_name, last_name FROM users");
  const nameOf = (t: TicketSeed) => {
    const user = names.find((n) => n.id === t.user);
    return user ? `${user.first_name} ${user.last_name}` : (t.author ?? "Customer");
  };
  // Agents sign with their first name (the portal shows it beside "Support").
  const agents = ["Alex", "Jasmine", "Omar"];
  const updates: Record<string, unknown>[] = [];
  tickets.forEach((t, i) => {
    updates.push({
      ticket_id: idOf(t),
      created_at: rows[i].created_at,
      author_kind: "customer",
      author_name: nameOf(t),
      author_user_id: t.user,
      body: t.description,
    });
    for (const reply of t.replies ?? []) {
      updates.push({
        ticket_id: idOf(t),
        created_at: replyAt(today, reply, i),
        author_kind: reply[2] ? "agent" : "customer",
        author_name: reply[2] ? agents[i % agents.length] : nameOf(t),
        author_user_id: reply[2] ? null : t.user,
        body: reply[3],
      });
    }
  });
  const messages = await insert(db, "support_ticket_updates", updates, "id, ticket_id, created_at");
  /** The opening message of a ticket (its first), which its demo attachment came with. */
  const openingOf = (ticketId: number) =>
    messages
      .filter((m) => m.ticket_id === ticketId)
      .sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime() || (a.id as number) - (b.id as number))[0]
      .id as number;

  for (const [i, t] of tickets.entries()) {
    if (!t.attachment) continue;
    const file = await db.one<{ id: number }>(
      `INSERT INTO uploaded_files (customer_id, purpose, file_name, media_type, size_bytes, content, sha256, uploaded_by, created_at)
       VALUES ($1, 'support_attachment', $2, 'application/pdf', $3, $4, $5, $6, $7) RETURNING id`,
      [
        t.customer,
        t.attachment,
        DEMO_PDF.length,
        DEMO_PDF,
        createHash("sha256").update(DEMO_PDF).digest("hex"),
        t.user,
        rows[i].created_at,
      ],
    );
    await db.query("INSERT INTO support_ticket_attachments (ticket_id, file_id, update_id) VALUES ($1, $2, $3)", [
      idOf(t),
      file!.id,
      openingOf(idOf(t)),
    ]);
  }
}

/**
 * Fixed links of the ticket lookup (the e-mail a visitor gets from /support/tickets/lookup), for the demo
 * and the end-to-end tests: one per ticket, each working once, for 30 days from the seed day (real ones
 * last 24 hours). The family home's proof-of-payment request (with its attachment) and resi's WiFi one
 * (the end-to-end tests use them up), and business's packet-loss one (only ever opened).
 */
export const TICKET_LINKS_DEMO = {
  familyProof: { ticket: "Proof of payment sent – please restore service", token: "demo-ticket-familyhome-Vq7Lm2Xp9Rt4" },
  resiWifi: { ticket: "WiFi drops every evening", token: "demo-ticket-resiwifi-Hs3Kd8Wn5Bz1" },
  /** Only ever opened, never used: the every-screen sweep and the benchmarks read its page. */
  businessCircuit: { ticket: "Packet loss on the dedicated internet circuit", token: "demo-ticket-business-Pn6Gc2Yv8Ls3" },
} as const;

async function seedTicketLinks(ctx: SeedContext) {
  const { db, now } = ctx;
  for (const link of Object.values(TICKET_LINKS_DEMO)) {
    const ticket = await db.one<{ id: number; email: string }>(
      "SELECT t.id, u.username AS email FROM support_tickets t JOIN users u ON u.id = t.opened_by WHERE t.subject = $1",
      [link.ticket],
    );
    await db.query(
      `INSERT INTO support_ticket_links (ticket_id, purpose, token_hash, email, created_at, expires_at)
       VALUES ($1, 'link', $2, $3, $4, $5)`,
      [ticket!.id, createHash("sha256").update(link.token).digest("hex"), ticket!.email, now, new Date(now.getTime() + 30 * 86_400_000)],
    );
  }
}

const replyAt = (today: string, reply: [number, number, boolean, string], i: number) =>
  dayAt(addDays(today, -reply[0]), reply[1], (i * 11 + 5) % 60);
