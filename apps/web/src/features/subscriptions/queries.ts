import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SUBSCRIPTION,
  iri,
  sortProducts,
  type Order,
  type OrderCreated,
  type Product,
} from '@memoria/domain';
import { api, buildHeaders, buildUrl, sendWithSession } from '../../api/client';
import { getHydraPage, type Page } from '../../api/hydra';

/** Plans and orders (docs/notes/subscriptions.md, The web app). */
export const subscriptionKeys = {
  products: ['subscriptions', 'products'] as const,
  orders: ['subscriptions', 'orders'] as const,
};

const ORDERS_PAGE = 10;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /api/product: every plan, sorted by type then price. */
export async function fetchProducts(): Promise<Product[]> {
  return sortProducts(await api.get<Product[]>('/api/product'));
}

/**
 * The plan list of the subscription modal: asked for only after the modal has been open for
 * `SUBSCRIPTION.plansLoadDelayMs` (the modal's opening animation runs undisturbed).
 */
export function useProducts({ delayed = false }: { delayed?: boolean } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.products,
    queryFn: async () => {
      if (delayed) await wait(SUBSCRIPTION.plansLoadDelayMs);
      return fetchProducts();
    },
    staleTime: 5 * 60_000,
  });
}

/** GET /api/order, newest first, paged by the server. */
export function useOrders() {
  return useInfiniteQuery({
    queryKey: subscriptionKeys.orders,
    queryFn: ({ pageParam }) => getHydraPage<Order>('/api/order', pageParam, ORDERS_PAGE),
    initialPageParam: 1,
    getNextPageParam: (last: Page<Order>, pages: Page<Order>[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
    },
  });
}

/** POST /api/order/mollie: the order and where to pay it. */
export function createOrder(body: {
  plan: number;
  redirect: string;
  workspace_name?: string;
}): Promise<OrderCreated> {
  return api.post<OrderCreated>('/api/order/mollie', {
    product: iri('product', body.plan),
    payment_success_redirect_url: body.redirect,
    ...(body.workspace_name ? { workspace_name: body.workspace_name } : {}),
  });
}

/**
 * POST /api/order/{id}/cancel: the plan runs to the end of its year and is not renewed; the
 * orders and the profile's plan flags are read again.
 */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Order>(`/api/order/${id}/cancel`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.orders }),
  });
}

/** GET /api/order/success/{id}: the order after its payment window, checked with the provider. */
export function confirmOrder(id: number): Promise<Order> {
  return api.get<Order>(`/api/order/success/${id}`);
}

/** The invoice of a paid order (an HTML page; the request carries the session). */
export async function fetchInvoice(order: Pick<Order, 'invoice_url'>): Promise<Blob> {
  return sendWithSession<Blob>(async (token) => {
    const response = await fetch(buildUrl(order.invoice_url ?? ''), {
      headers: buildHeaders({}, token),
    });
    return {
      status: response.status,
      header: (name: string) => response.headers.get(name),
      body: async () => (response.ok ? response.blob() : response.json().catch(() => undefined)),
    };
  });
}
