import type { MessageKey } from '~/lib/i18n';

/**
 * The validation messages of the back office's orders forms (app/forms/admin*.ts), each English text with
 * the catalogue key of its Italian (ADR 072), as FORM_MESSAGE_KEYS does for the shoppers' forms.
 */
export const ADMIN_ORDERS_FORM_MESSAGES: Record<string, MessageKey> = {
  // Shipping an order or an exchange (shipOrderSchema)
  'Choose the carrier': 'adminOrders.ship.chooseCarrier',
  'Enter the tracking number': 'adminOrders.field.trackingRequired',
  'The tracking number is too long': 'adminOrders.field.trackingTooLong',
  'Use only letters, digits, spaces and hyphens': 'adminOrders.field.trackingCharacters',
  // A staff note (orderNoteFormSchema)
  'Write the note': 'adminOrders.field.noteRequired',
  'A note is at most 2000 characters': 'adminOrders.field.noteTooLong',
  // Refunds and cancelling (refundFormSchema, refundAllFormSchema, cancelOrderFormSchema)
  'Enter an amount in euros, like 12.50': 'adminOrders.field.amount',
  'Enter 0 or more units': 'adminOrders.field.unitsAtLeastZero',
  'A reason is at most 500 characters': 'adminOrders.field.reasonTooLong',
  'Choose units to refund or enter an amount': 'adminOrders.field.refundNothing',
  'Tick the box to confirm': 'adminOrders.field.confirm',
  // Packing slips (packingSlipsFormSchema)
  'Choose the orders for the packing slips': 'adminOrders.slips.choose',
  'Tick at least one order for its packing slip': 'adminOrders.field.slipsNone',
  'Choose at most 200 orders at a time': 'adminOrders.field.slipsTooMany',
  // Carriers (carrierFormSchema)
  'Enter the carrier’s name': 'adminOrders.field.carrierName',
  'A name is at most 60 characters': 'adminOrders.field.carrierNameTooLong',
  'Enter the tracking page’s address': 'adminOrders.field.templateRequired',
  'An address is at most 500 characters': 'adminOrders.field.templateTooLong',
  'Use an address that starts with https://': 'adminOrders.field.templateHttps',
  'Put {number} where the tracking number goes': 'adminOrders.field.templatePlaceholder',
  // The order list's days (orderDaysSchema)
  'Use a date like 2026-11-24': 'adminOrders.field.dayFormat',
  'No such date': 'adminOrders.field.noSuchDay',
  'The first day comes after the last': 'adminOrders.field.dayOrder',
};
