/** Today's date in Indonesia (WIB), YYYY-MM-DD: money is dated and falls due by it. */
export const todayInJakarta = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
