/** A notification waiting to be shown: a translation key (common namespace) and its values. */
export type NotificationType = "success" | "info" | "warning" | "error";

export type NotificationValues = Record<string, string | number>;

export interface Notification {
  id: string;
  type: NotificationType;
  key: string;
  values?: NotificationValues;
}
