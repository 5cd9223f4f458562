import type { OrderAddressDto } from '@mall/contract';

/** A delivery address as people read it: name and contact, then the street up to the country. */
export function AddressLines({ address }: { address: OrderAddressDto }) {
  return (
    <span className="orders-address">
      <span className="orders-address-name">
        <bdi>{address.name}</bdi>{' '}
        <bdi dir="ltr" className="muted">
          +{address.areaCode} {address.phone}
        </bdi>
      </span>
      <bdi className="muted orders-address-mail">{address.email}</bdi>
      <span>
        <bdi>{address.address}</bdi>
      </span>
      {/* One run, in the address's own direction: a postcode split off would move in Arabic. */}
      <span>
        <bdi>
          {[address.city, address.state, address.nation].filter(Boolean).join(', ')} {address.postCode}
        </bdi>
      </span>
    </span>
  );
}
