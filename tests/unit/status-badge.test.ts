/** One status badge for the product: every status the API can name has its colour. */
import { describe, expect, it } from "vitest";
import { InvoiceStatus, PaymentStatus } from "#contract/billing";
import { PackageStatus } from "#contract/accounts";
import { CpeInfo } from "#contract/home-network";
import { TicketStatus } from "#contract/support";
import { STATUS_TONES } from "../../app/components/StatusBadge.tsx";

describe("StatusBadge", () => {
  it("knows the colour of every invoice, payment, autopay, ticket, package and router status", () => {
    const autopay = ["active", "stopped", "pending_setup", "pending_removal", "removed"];
    for (const status of [
      ...InvoiceStatus.options,
      ...PaymentStatus.options,
      ...TicketStatus.options,
      ...PackageStatus.options,
      ...CpeInfo.shape.status.options,
      ...autopay,
    ]) {
      expect(STATUS_TONES[status], status).toBeDefined();
    }
    expect([STATUS_TONES.successful, STATUS_TONES.pending, STATUS_TONES.declined]).toEqual(["success", "warning", "error"]);
  });
});
