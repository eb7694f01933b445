import { centsToAmount, type BillingFields } from '@memoria/domain';
import { readJson, readTime } from '../../db/dialect.js';
import type { OrderWithProduct } from './store.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface Seller {
  name: string;
  address: string;
  vatNumber: string;
}

const day = (value: unknown) => readTime(value)?.toISOString().slice(0, 10) ?? '';

/**
 * The invoice of a paid order as a page that prints on one sheet: seller, buyer with their
 * VAT number, the plan, its period and the net price (VAT is the seller's to add by law).
 */
export function invoiceHtml(order: OrderWithProduct, seller: Seller): string {
  const billing = readJson<Partial<BillingFields>>(order.billing, {});
  const buyer = [
    billing.billing_company_name,
    `${billing.billing_first_name ?? ''} ${billing.billing_last_name ?? ''}`.trim(),
    billing.billing_address_one,
    `${billing.billing_zipcode ?? ''} ${billing.billing_place ?? ''}`.trim(),
    billing.billing_country,
    billing.billing_email,
    billing.billing_vat_number ? `VAT ${billing.billing_vat_number}` : undefined,
  ]
    .filter((line): line is string => Boolean(line))
    .map(escapeHtml)
    .join('<br>');
  const credit =
    order.credit_cents > 0
      ? `<tr><td>Credit for the unused part of the previous plan</td><td class="n">− € ${centsToAmount(order.credit_cents)}</td></tr>`
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(order.invoice_number ?? '')}</title>
<style>
body{font-family:system-ui,sans-serif;color:#111;max-width:44rem;margin:2rem auto;padding:0 1rem}
table{width:100%;border-collapse:collapse;margin-top:1.5rem}td,th{border-bottom:1px solid #ccc;padding:.5rem;text-align:left}
.n{text-align:right}.parties{display:flex;justify-content:space-between;gap:2rem}
@media print{body{margin:0}}
</style></head><body>
<h1>Invoice ${escapeHtml(order.invoice_number ?? '')}</h1>
<p>Date: ${day(order.paid_at)}</p>
<div class="parties">
<section><h2>Seller</h2>${escapeHtml(seller.name)}<br>${escapeHtml(seller.address)}<br>VAT ${escapeHtml(seller.vatNumber)}</section>
<section><h2>Buyer</h2>${buyer}</section>
</div>
<table><thead><tr><th>Description</th><th class="n">Net price</th></tr></thead><tbody>
<tr><td>${escapeHtml(order.product.name)} subscription, ${day(order.starts_at)} – ${day(order.ends_at)}</td><td class="n">€ ${centsToAmount(order.price_cents + order.credit_cents)}</td></tr>
${credit}
<tr><th>Total (net)</th><th class="n">€ ${centsToAmount(order.price_cents)}</th></tr>
</tbody></table>
</body></html>`;
}
