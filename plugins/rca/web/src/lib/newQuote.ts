/**
 * 'Nuovo preventivo RCA' from a plate: the product the quote is made with and the customer
 * fields the plate fills in (plate, make and model, registration, and the owner), for the
 * shell's 'Nuova quotazione' (`newQuoteLink` of the host API).
 */
import { productFields, type HostItem } from '@sportello/host-api';
import type { Plate } from './records';

/** The ramo of motor liability (core's tax table): an RCA product's. */
export const RCA_RAMO = 'rca';

const hasPlateField = (product: HostItem): boolean => productFields(product).some((field) => field.type === 'targa');

/**
 * The products an RCA quote may be made with: active plain products (no line of their own)
 * with a plate field, those of the motor liability ramo first, then by name.
 */
export function rcaProducts(products: Readonly<Record<string, HostItem>>): HostItem[] {
  return Object.values(products)
    .filter((product) => product.active !== false && !product.type && hasPlateField(product))
    .sort(
      (a, b) =>
        Number(b.ramo === RCA_RAMO) - Number(a.ramo === RCA_RAMO) ||
        String(a.name ?? '').localeCompare(String(b.name ?? ''), 'it'),
    );
}

/**
 * The product to preselect: the only one of the motor liability ramo, else the only product
 * with a plate field; null when the agent has to choose (none, or several alike).
 */
export function rcaProductFor(products: Readonly<Record<string, HostItem>>): HostItem | null {
  const candidates = rcaProducts(products);
  const rca = candidates.filter((product) => product.ramo === RCA_RAMO);
  if (rca.length) return rca.length === 1 ? rca[0]! : null;
  return candidates.length === 1 ? candidates[0]! : null;
}

/** Where each value goes: the product's field of that type (of that id, for the name), else the usual id. */
function fieldIds(product: HostItem | null): Record<'targa' | 'marcamodello' | 'immatricolazione' | 'cf' | 'nome', string> {
  const fields = productFields(product ?? undefined);
  const ofType = (type: string) => {
    const found = fields.find((field) => field.type === type);
    return typeof found?._id === 'string' ? found._id : type;
  };
  return {
    targa: ofType('targa'),
    marcamodello: ofType('marcamodello'),
    immatricolazione: ofType('immatricolazione'),
    cf: ofType('cf'),
    nome: 'nome',
  };
}

/** The customer fields a plate fills in, by the product's field ids (the usual ids without a product). */
export function platePrefill(plate: Plate, product: HostItem | null): Record<string, unknown> {
  const ids = fieldIds(product);
  const prefill: Record<string, unknown> = {};
  if (plate.targa) {
    prefill[ids.targa] = {
      value: plate.targa,
      ...(plate.tipoBersani ? { tipoBersani: plate.tipoBersani } : {}),
      ...(plate.targaAgev ? { targaAgev: true } : {}),
    };
  }
  if (plate.marca) prefill[ids.marcamodello] = { brand: plate.marca, model: plate.modello };
  if (plate.immatricolazione) prefill[ids.immatricolazione] = { ...plate.immatricolazione };
  if (plate.cliente) prefill[ids.nome] = plate.cliente;
  if (plate.cf) prefill[ids.cf] = plate.cf;
  return prefill;
}
