/**
 * The commercial network: the endpoint of a dedicated internet service (details and monitoring
 * settings, IP blocks, alert history, bandwidth) and the power usage of a colocation cabinet.
 */
import { z } from "zod";
import { includeList, IsoDate, IsoDateTime, NumericId } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { AccountIncident } from "./status.ts";
import { EmailListInput, textField } from "./support.ts";

export const EndpointStatus = z.enum(["up", "down", "unknown"]);

/** A contact of the customer who may be notified of outages (holds the notify role). */
export const NotificationContact = z.object({
  contact_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

export const EndpointDetails = z.object({
  service_id: z.number().int(),
  /** The account the service belongs to. */
  customer_id: z.number().int(),
  name: z.string(),
  platform_id: z.string().nullable(),
  circuit_id: z.string(),
  /** Address parts separated by line breaks ("\n"). */
  service_address: z.string(),
  access_device: z.string(),
  port: z.string(),
  /** The physical hand-off, such as "10GBASE-LR (single-mode fibre)". */
  handoff: z.string(),
  speed_mbps: z.number().int(),
  /** null when the hand-off is untagged. */
  vlan_id: z.number().int().nullable(),
  status: EndpointStatus,
  /** The customer's own name and notes for the endpoint. */
  label: z.string().nullable(),
  description: z.string().nullable(),
  /** Where outage alerts are e-mailed. */
  alert_emails: z.array(z.string()),
  /** The contact notified of outages. */
  notification_contact: NotificationContact.nullable(),
  /** The contacts that may be chosen as notification_contact (those with the notify role). */
  notification_contact_options: z.array(NotificationContact),
  updated_at: IsoDateTime.nullable(),
});
export type EndpointDetails = z.infer<typeof EndpointDetails>;

/**
 * PUT /internet/{id}/endpoint: replaces the customer-editable settings (a field left out is cleared).
 * alert_emails: up to 5 addresses, one string separated by commas, semicolons or line breaks, or
 * repeated fields. notification_contact_id: a contact with the notify role, or empty for none.
 */
export const UpdateEndpointRequest = z.object({
  label: textField("label", 80, false).optional(),
  description: textField("description", 500, false).optional(),
  alert_emails: EmailListInput.optional(),
  notification_contact_id: z.union([z.literal(""), z.null(), NumericId]).optional(),
});
export type UpdateEndpointRequest = z.infer<typeof UpdateEndpointRequest>;

export const UpdateEndpointAnswer = z.object({ success: z.literal(true), endpoint_details: EndpointDetails });
export type UpdateEndpointAnswer = z.infer<typeof UpdateEndpointAnswer>;

/** One IP block; every address field is computed from `cidr`. */
export const IpBlock = z.object({
  block_id: z.number().int(),
  family: z.union([z.literal(4), z.literal(6)]),
  /** Network address and prefix length, such as "203.0.113.8/29" or "2001:db8:1200::/48". */
  cidr: z.string(),
  network: z.string(),
  prefix_length: z.number().int(),
  /** Dotted for IPv4 ("255.255.255.248"), compressed for IPv6 ("ffff:ffff:ffff::"). */
  subnet_mask: z.string(),
  /** The provider's router in the block (its first usable address); null for a single address. */
  gateway: z.string().nullable(),
  /**
   * The host addresses: IPv4 excludes the network and broadcast addresses (except /31 and /32);
   * IPv6 excludes the subnet-router anycast address (except /127 and /128). The gateway is one of them.
   * count is a decimal string (IPv6 counts exceed JSON's safe integers).
   */
  usable: z.object({ first: z.string(), last: z.string(), count: z.string().regex(/^\d+$/) }),
  description: z.string().nullable(),
  assigned_on: IsoDate,
});
export type IpBlock = z.infer<typeof IpBlock>;

/** GET /internet/{id}/allocations: IPv4 blocks first, then IPv6. */
export const AllocationsAnswer = z.object({ allocations: z.array(IpBlock) });
export type AllocationsAnswer = z.infer<typeof AllocationsAnswer>;

export const EndpointAlert = z.object({
  alert_id: z.number().int(),
  time: IsoDateTime,
  access_device: z.string(),
  port: z.string(),
  event: z.string(),
  /** The state the event left the link in. */
  status: z.enum(["up", "down"]),
});

/** GET /internet/{id}/alerts: the latest 500 events, newest first. */
export type EndpointAlert = z.infer<typeof EndpointAlert>;

export const AlertsAnswer = z.object({ alerts: z.array(EndpointAlert) });
export type AlertsAnswer = z.infer<typeof AlertsAnswer>;

/** What GET /internet/{id}/endpoint adds to its answer when asked (?include=…). */
export const ENDPOINT_INCLUDES = ["incidents", "alerts", "allocations", "bandwidth"] as const;

/** At most this many days (both ends included) in one bandwidth or power query. */
export const MAX_RANGE_DAYS = 60;
/** Without dates, the last this many days (today included). */
export const DEFAULT_RANGE_DAYS = 7;

/**
 * from_date and to_date (UTC calendar days, both included). Defaults: to_date today, from_date six
 * days before to_date; with only from_date, up to six days after it (not past today).
 * from_date ≤ to_date ≤ today, at most 60 days.
 */
export const DateRangeQuery = z.object({
  from_date: IsoDate.optional(),
  to_date: IsoDate.optional(),
});
export type DateRangeQuery = z.infer<typeof DateRangeQuery>;
/** The most slots ?points= may ask for a series. */
export const MAX_POINTS = 2000;

/**
 * A range (DateRangeQuery) and, with points, the chart of the range (at most that many slots a series,
 * each the highest sample in it) and each day's figures instead of the samples: what a page draws, in a
 * small answer (common/charts.ts makes both).
 */
export const ChartRangeQuery = DateRangeQuery.extend({
  points: z.coerce.number().int().min(1).max(MAX_POINTS).optional(),
});

/** One series of a chart (with ?points=): each slot's highest sample, oldest first, null where none fell. */
const ChartSeries = z.array(z.number().nullable());
/** The chart of a range (with ?points=): its slots' length and its series. */
const chartOf = <S extends Record<string, typeof ChartSeries>>(series: S) =>
  z.object({ slot_seconds: z.number().int().positive(), series: z.object(series) });

const dateRangeErrorCodes = [
  "from_date.invalid",
  "to_date.invalid",
  "from_date.in_future",
  "to_date.before_from",
  "to_date.in_future",
  "to_date.range_too_long",
];

export const TrafficSummary = z.object({
  /** 95th percentile of the samples' rates: the highest rate once the top 5% of samples are set aside. */
  percentile_95_mbps: z.number().nullable(),
  peak_mbps: z.number().nullable(),
  average_mbps: z.number().nullable(),
  volume_bytes: z.number().int(),
  /** volume_bytes in decimal gigabytes (10^9 bytes), two decimals. */
  volume_gb: z.number(),
});

/** GET /internet/{id}/bandwidth */
export const BandwidthAnswer = z.object({
  bandwidth: z.object({
    service_id: z.number().int(),
    from_date: IsoDate,
    to_date: IsoDate,
    speed_mbps: z.number().int(),
    /** Length of one sample. */
    interval_seconds: z.number().int(),
    /** Download is traffic towards the customer, upload from the customer. */
    download: TrafficSummary,
    upload: TrafficSummary,
    /** Without ?points: the average rate over each sample's interval, oldest first; samples not yet complete are left out. */
    samples: z.array(z.object({ time: IsoDateTime, download_mbps: z.number(), upload_mbps: z.number() })).optional(),
    /** With ?points: the samples' chart, each slot's highest rate each way. */
    chart: chartOf({ download: ChartSeries, upload: ChartSeries }).optional(),
    /** With ?points: each day with samples, its peak rates and volumes (GB, from the rates over interval_seconds). */
    days: z
      .array(
        z.object({
          day: IsoDate,
          download_peak_mbps: z.number(),
          upload_peak_mbps: z.number(),
          download_gb: z.number(),
          upload_gb: z.number(),
        }),
      )
      .optional(),
  }),
});
export type BandwidthAnswer = z.infer<typeof BandwidthAnswer>;

/** GET /internet/{id}/endpoint: a comma-separated list of ENDPOINT_INCLUDES, and the range (and points) of the bandwidth it includes. */
export const EndpointDetailsQuery = ChartRangeQuery.extend({
  include: includeList(ENDPOINT_INCLUDES),
});

/** GET /internet/{id}/endpoint */
export const EndpointDetailsAnswer = z.object({
  endpoint_details: EndpointDetails,
  /** With ?include=incidents: what GET /status/services/{serviceId} answers for this service. */
  incidents: z.array(AccountIncident).optional(),
  /** With ?include=alerts: what GET /internet/{id}/alerts answers. */
  alerts: z.array(EndpointAlert).optional(),
  /** With ?include=allocations: what GET /internet/{id}/allocations answers. */
  allocations: z.array(IpBlock).optional(),
  /** With ?include=bandwidth: what GET /internet/{id}/bandwidth answers for the query's from_date, to_date and points. */
  bandwidth: BandwidthAnswer.shape.bandwidth.optional(),
});
export type EndpointDetailsAnswer = z.infer<typeof EndpointDetailsAnswer>;

export const PowerCircuit = z.object({
  circuit_id: z.number().int(),
  name: z.string(),
  voltage: z.number().int(),
  breaker_amps: z.number().int(),
  /** 80% of the breaker: the most a circuit may draw continuously. */
  max_continuous_amps: z.number(),
  peak_amps: z.number().nullable(),
  average_amps: z.number().nullable(),
  /** Peak as a share of max_continuous_amps, in percent. */
  peak_utilization_percent: z.number().nullable(),
  /** Energy over the range, kWh (volts × amps × hours, power factor 1). */
  energy_kwh: z.number(),
  /** Without ?points: each sample's current, oldest first. */
  samples: z.array(z.object({ time: IsoDateTime, amps: z.number() })).optional(),
  /** With ?points: the samples' chart, each slot's highest current. */
  chart: chartOf({ amps: ChartSeries }).optional(),
  /** With ?points: each day with samples and its highest current. */
  days: z.array(z.object({ day: IsoDate, peak_amps: z.number() })).optional(),
});

/** GET /cabinet-spaces/{serviceId}/power-usage */
export const PowerUsageAnswer = z.object({
  data: z.object({
    service_id: z.number().int(),
    /** The account the service belongs to. */
    customer_id: z.number().int(),
    name: z.string(),
    cabinet: z.object({
      cabinet_ref: z.string(),
      facility: z.string(),
      cage: z.string().nullable(),
      rack_units: z.number().int(),
      /** Address parts separated by line breaks ("\n"). */
      address: z.string(),
    }),
    from_date: IsoDate,
    to_date: IsoDate,
    interval_seconds: z.number().int(),
    circuits: z.array(PowerCircuit),
  }),
});
export type PowerUsageAnswer = z.infer<typeof PowerUsageAnswer>;

const dedicatedInternet = "(404 for a service that is not dedicated internet)";

export const businessNetworkEndpoints = [
  endpoint({
    method: "get",
    path: "/internet/{id}/endpoint",
    tag: "business-network",
    summary: `Details and monitoring settings of a dedicated internet endpoint ${dedicatedInternet}; ?include= adds, in one round trip, what GET /status/services/{serviceId} (incidents), GET /internet/{id}/alerts (alerts), GET /internet/{id}/allocations (allocations) and GET /internet/{id}/bandwidth (bandwidth, for from_date, to_date and points) answer`,
    auth: "bearer",
    query: EndpointDetailsQuery,
    answer: EndpointDetailsAnswer,
    errors: [404, 422],
    errorCodes: ["include.invalid", ...dateRangeErrorCodes, "points.invalid"],
  }),
  endpoint({
    method: "put",
    path: "/internet/{id}/endpoint",
    tag: "business-network",
    summary: "Change the endpoint's label, description, alert e-mails and notified contact (authoritative or support role)",
    auth: "bearer",
    body: UpdateEndpointRequest,
    answer: UpdateEndpointAnswer,
    errors: [404, 422],
    errorCodes: [
      "label.too_long",
      "description.too_long",
      "alert_emails.invalid",
      "alert_emails.too_many",
      "notification_contact_id.invalid",
      "notification_contact_id.not_found",
      "notification_contact_id.not_notify",
    ],
  }),
  endpoint({
    method: "get",
    path: "/internet/{id}/allocations",
    tag: "business-network",
    summary: `IP blocks routed to the endpoint, with gateway, mask and usable addresses ${dedicatedInternet}`,
    auth: "bearer",
    answer: AllocationsAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/internet/{id}/alerts",
    tag: "business-network",
    summary: `Alert history of the endpoint, newest first ${dedicatedInternet}`,
    auth: "bearer",
    answer: AlertsAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/internet/{id}/bandwidth",
    tag: "business-network",
    summary: `95th percentile, peak, average and volume each way, and the samples (with ?points=N instead: their chart of at most N slots and each day's figures), over a range of days ${dedicatedInternet}`,
    auth: "bearer",
    query: ChartRangeQuery,
    answer: BandwidthAnswer,
    errors: [404, 422],
    errorCodes: [...dateRangeErrorCodes, "points.invalid"],
  }),
  endpoint({
    method: "get",
    path: "/cabinet-spaces/{serviceId}/power-usage",
    tag: "business-network",
    summary:
      "Power drawn on each circuit of a colocation cabinet over a range of days, with breaker limits, and the samples (with ?points=N instead: their chart of at most N slots and each day's peak) (404 for another kind of service)",
    auth: "bearer",
    query: ChartRangeQuery,
    answer: PowerUsageAnswer,
    errors: [404, 422],
    errorCodes: [...dateRangeErrorCodes, "points.invalid"],
  }),
];
