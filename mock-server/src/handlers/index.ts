// Every operation's handler, one module per OpenAPI tag. The `HandlerMap` annotation makes a missing
// operation a compile error.
import type { HandlerMap } from './types';
import { addressHandlers } from './address';
import { alarmHandlers } from './alarm';
import { authHandlers } from './auth';
import { cartHandlers } from './cart';
import { deviceHandlers } from './device';
import { homeHandlers } from './home';
import { marketHandlers } from './market';
import { notificationHandlers } from './notification';
import { paymentHandlers } from './payment';
import { previewHandlers } from './preview';
import { receiptHandlers } from './receipt';
import { roomHandlers } from './room';
import { searchHandlers } from './search';
import { sellerHandlers } from './seller';
import { subscribeHandlers } from './subscribe';
import { userHandlers } from './user';

export const handlers: HandlerMap = {
  ...addressHandlers,
  ...alarmHandlers,
  ...authHandlers,
  ...cartHandlers,
  ...deviceHandlers,
  ...homeHandlers,
  ...marketHandlers,
  ...notificationHandlers,
  ...paymentHandlers,
  ...previewHandlers,
  ...receiptHandlers,
  ...roomHandlers,
  ...searchHandlers,
  ...sellerHandlers,
  ...subscribeHandlers,
  ...userHandlers,
};
