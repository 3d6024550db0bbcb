/** A postal address as lines (street, unit, city province postal code), in an <address>. */
import type { Address } from "#contract/common";

export function AddressLines({ address }: { address: Address }) {
  return (
    <address className="not-italic">
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {address.city} {address.province} {address.postal_code}
    </address>
  );
}
