// Adding to the cart from a market or product page (SPEC.md section 4, "Cart add"): a market before open
// (status 0) shows the preview alert and blocks; a closed market cannot be added to; nothing happens without
// a market or products; guests log in first; otherwise the add drawer opens. The drawer sends only lines
// with an amount above 0 to POST /cart/add/common.
import { markForRefresh, marketState, orderLines, visibleProducts, type MarketState } from '@creator-market/sdk/domain';
import { api } from '../../api/client';
import { now } from '../../api/clock';
import { track } from '../../services/analytics';
import { presentError } from '../../services/errors';
import { requireLogin } from '../../services/login';
import { isSignedIn } from '../../stores/session';
import { openDrawer } from '../../stores/drawers';
import { alert } from '../../ui/Dialog';
import { setAutomaticAlarm } from '../../components/alarm/alarms';
import type { MarketDetail } from '../../components/market-detail/marketDetail';

export const CART_DRAWER = 'cart';

export const CART_TEXT = {
  add: '장바구니 담기',
  closed: '주문 종료된 마켓이에요',
  previewTitle: '오픈 전 마켓이에요',
  previewMessage: '지금은 물품을 미리 구경할 수 있어요. 마켓이 열리면 장바구니에 담아주세요.',
  added: '장바구니에 담았어요',
  goToCart: '장바구니 보기',
  total: (count: number) => `총 ${count}개`,
  /** Ours: the market's cart entry already holds what may be ordered of the product (or of the option). */
  heldInCart: (count: number) => `장바구니에 이미 ${count}개 담겨 있어 더 담을 수 없어요`,
} as const;

/** The market's state for the cart bar, by the app clock. */
export function cartMarketState(detail: MarketDetail, at: number = now()): MarketState {
  return marketState(detail.market, at);
}

/** Runs the cart-add rules; opens the add drawer (optionally on one product) when adding is allowed. */
export async function startAddToCart(detail: MarketDetail, productId?: string): Promise<void> {
  const { market, seller } = detail;
  const state = cartMarketState(detail);
  if (state === 'before-open') {
    await alert({ title: CART_TEXT.previewTitle, message: CART_TEXT.previewMessage });
    return;
  }
  if (state === 'closed' || state === 'none') return;
  if (!market._id || !seller.publicId || visibleProducts(detail.product).length === 0) return;
  if (!isSignedIn()) {
    await requireLogin();
    return;
  }
  openDrawer(CART_DRAWER, { marketUID: market._id, ...(productId ? { productId } : {}) });
}

export interface DrawerLine {
  _id: string;
  /** The option's title (the API names options by title). */
  option: string;
  amount: number;
  price: number;
  title: string;
}

/** Sends the lines with an amount above 0; resolves true when the cart took them. */
export async function addLinesToCart(detail: MarketDetail, lines: readonly DrawerLine[]): Promise<boolean> {
  const productList = orderLines(lines).map(({ _id, amount, option }) => ({ _id, amount, option: String(option) }));
  if (productList.length === 0) return false;
  try {
    const entry = await api.post('/cart/add/common', {
      body: { marketId: detail.market._id, seller: detail.seller.publicId, productList },
    });
    // The cart screen fetches this entry again when it shows next (SPEC.md section 4, "Cart sync").
    markForRefresh(localStorage, 'cart', entry._id);
  } catch (error) {
    void presentError(error, { operation: 'addToCart' });
    return false;
  }
  void setAutomaticAlarm(detail.market);
  const added = lines.filter((line) => line.amount > 0);
  track('add_to_cart', {
    value: added.reduce((sum, line) => sum + line.price * line.amount, 0),
    items: added.map((line) => ({
      item_id: line._id,
      item_name: line.title,
      item_variant: line.option,
      price: line.price,
      quantity: line.amount,
    })),
  });
  return true;
}
