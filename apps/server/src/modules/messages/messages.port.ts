import type { MessagesService } from './messages.service';

/*
 * What other modules ask of the messages: `send(tx.handle, { ... })` inside the transaction of the change the
 * message is about (an application received, a state changed), so the message, its history and its e-mail job
 * commit with the change or not at all; `notifyStaff` for the accounts that asked to be told of new work.
 * Built once by the messages module (`app.messagesPort`).
 */

export type { Recipient, SendInput, SendResult } from './messages.service';
export type MessagesPort = Pick<MessagesService, 'send' | 'notifyStaff' | 'failedCount' | 'aboutEntity'>;
