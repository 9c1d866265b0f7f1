import { offline } from '../../../shared/messages/offline';

/**
 * The writes a person makes in the field that wait on the device when there is no network (issue 32), by
 * method and path under the API base, with what the person did. Every other write needs the network: signing
 * checks the password, money and documents carry proof.
 */
const QUEUEABLE: [method: string, path: RegExp, label: string][] = [
  ['post', /^\/contract\/\d+\/deliveries\/\d+\/confirm$/, offline.steps.confirmDelivery],
  ['post', /^\/contract\/\d+\/deliveries\/\d+\/dispute$/, offline.steps.disputeDelivery],
  ['post', /^\/contract\/\d+\/deliveries$/, offline.steps.recordDelivery],
  ['post', /^\/lahan$/, offline.steps.createLahan],
  ['put', /^\/lahan\/\d+$/, offline.steps.updateLahan],
  ['post', /^\/contract\/\d+\/counter$/, offline.steps.counter],
  ['post', /^\/contract\/\d+\/reject$/, offline.steps.reject],
];

/** What the person did with this write, if it may wait for the network; else undefined. */
export function queueableStep(method = '', url = ''): string | undefined {
  const path = url.split('?')[0] ?? '';
  return QUEUEABLE.find(([m, pattern]) => m === method.toLowerCase() && pattern.test(path))?.[2];
}
