/** A badge colour per order status (ORDER_STATUS: -1 cancelled ... 6 refunded), for every order list. */
export const ORDER_STATUS_COLORS: Record<number, string> = {
  [-1]: 'gray',
  0: 'yellow',
  1: 'orange',
  2: 'blue',
  3: 'cyan',
  4: 'green',
  5: 'green',
  6: 'red',
};
