/** A subscription's owner for every user's events (admins' tables): the hub delivers it every user's events. */
export const EVERY_USER = null;
