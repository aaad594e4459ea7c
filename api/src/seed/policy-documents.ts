import { BRAND } from '@contract/brand';
import { POLICY_DOCUMENTS, policyDocument, policyPath, type PolicySlug } from '@contract/policies';
import { RETENTION_MARKER } from '@contract/retention';

import type { Storage } from '../services/storage.js';
import { POLICY_MARKDOWN_IT } from './policy-documents-it.js';

const LEGAL_NAME = `${BRAND.name} S.r.l.`;
const HQ = `${BRAND.headquarters.line1}, ${BRAND.headquarters.postalCode} ${BRAND.headquarters.city}, ${BRAND.headquarters.country}`;
const STUDIO = `${BRAND.studio.line1}, ${BRAND.studio.postalCode} ${BRAND.studio.city}, ${BRAND.studio.country}`;
/** A policy's "Last updated" day (`updated` in contract/policies.ts), as an English reader writes it. */
const updated = (slug: PolicySlug) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${policyDocument(slug).updated}T12:00:00Z`),
  );

/** The policy documents the shop starts with, as markdown (no raw HTML); the owner may replace them in storage. */
export const POLICY_MARKDOWN: Record<PolicySlug, string> = {
  'privacy-policy': `_Last updated: ${updated('privacy-policy')}_

This notice explains how ${LEGAL_NAME} ("${BRAND.name}", "we") processes your personal data when you visit our website, create an account, buy from us or write to us. It is given under Articles 13 and 14 of Regulation (EU) 2016/679 (the General Data Protection Regulation, "GDPR") and the Italian Personal Data Protection Code (Legislative Decree 196/2003, as amended).

## 1. Data controller

The controller is ${LEGAL_NAME}, ${HQ}. You can reach us about anything in this notice at [${BRAND.email}](mailto:${BRAND.email}) or by post at the address above.

## 2. What we collect

- **Account data**: email address, password (stored only as a one-way hash), first and last name, and, if you add them, phone number and address.
- **Guest data**: the email address you verify to buy without an account.
- **Order data**: the products you buy, delivery and billing addresses, order history, and the status of each delivery.
- **Payment data**: payments are handled by our card payment provider. We receive a confirmation and the last digits of the card; we never see or store the full card number.
- **Messages**: what you send through the contact form (name, email, reason, subject and message) and our replies.
- **Technical data**: IP address, browser type and the pages requested, kept in server logs for security.
- **Back-in-stock requests**: the email address and the product you asked us to tell you about.

## 3. Why we use it and on what legal basis

1. **To sell and deliver your order**, manage returns and answer about an order: performance of the contract (Art. 6(1)(b) GDPR).
2. **To run your account** and show your order history and collectible cards: performance of the contract.
3. **To keep accounting and tax records** and meet consumer law duties: legal obligation (Art. 6(1)(c)).
4. **To answer your messages** and send back-in-stock notifications you asked for: your request and our legitimate interest in answering (Art. 6(1)(b) and (f)).
5. **To protect the shop** against fraud, abuse and attacks (for example by limiting how often a form can be sent): legitimate interest (Art. 6(1)(f)).
6. **Marketing emails**, only if you opt in (when you sign up or in your profile) and confirm through the link we email you: consent (Art. 6(1)(a)), which you can withdraw at any time. They include a reminder, and at most one more, of a cart you left without paying. Every one of them has a link that stops them in one click, without signing in.

## 4. How long we keep it

- Account data: as long as the account exists. You can download it or delete your account yourself from your profile; on deletion we erase it at once, except what we must keep by law (your orders, stripped to amounts, items and the country of delivery).
- Guest sessions: about 10 hours; the email tied to a guest order is kept with the order.
- Server logs: 90 days, unless needed to investigate an incident.

These periods are in force now, and we delete what is older every hour:

${RETENTION_MARKER}

## 5. Who receives it

We share data only with those who help us run the shop, bound by contract as processors under Art. 28 GDPR, or as independent controllers where the law says so:

- the card payment provider;
- carriers (such as Poste Italiane, BRT, GLS and DHL) for deliveries;
- our hosting and email providers;
- our accountants and, when required, public authorities.

We do not sell personal data.

## 6. Transfers outside the European Economic Area

Where a provider processes data outside the EEA, we rely on an adequacy decision of the European Commission or on the Standard Contractual Clauses, with additional safeguards where needed.

## 7. Your rights

Under Articles 15 to 22 GDPR you may, at any time and free of charge:

- access your data and get a copy;
- have inaccurate data corrected;
- have data erased ("right to be forgotten") when the law allows;
- restrict or object to processing, including profiling and direct marketing;
- receive your data in a portable format;
- withdraw consent, without affecting processing before the withdrawal.

Write to [${BRAND.email}](mailto:${BRAND.email}); we answer within one month. You may also lodge a complaint with the Italian supervisory authority, the *Garante per la protezione dei dati personali* (Piazza Venezia 11, 00187 Roma, www.garanteprivacy.it).

## 8. Cookies and local storage

We use only what the shop needs to work: a session cookie that keeps you signed in and holds your cart, a cookie that remembers the language you chose (for a year), one that keeps the number of items in your cart for the header (for 30 seconds), and a record of your choice on the cookie notice (kept in your browser's local storage, or in a cookie when JavaScript is off). We use no advertising or third-party tracking cookies. See our [Website Use Agreement](/website-use-agreement) for more.

To see where shoppers leave the shop, we count each day, in total and per product, the product pages viewed, the items added to a cart, the checkouts started, the payment pages reached and the orders paid. These are only numbers per day: no identifier, address or cookie is read or stored with them, they cannot be linked to you, and no third-party script is involved.

## 9. Security

Passwords are hashed, traffic is encrypted, access to data is limited to staff who need it, and forms are protected against automated abuse.

## 10. Children

The shop is not meant for children under 14, the age of digital consent in Italy. We do not knowingly collect their data.

## 11. Changes

We may update this notice. The date at the top shows the latest version; important changes will be announced on the website or by email.
`,

  'return-policy': `_Last updated: ${updated('return-policy')}_

We want you to love what you buy from ${BRAND.name}. If you change your mind, you can send it back. This policy explains your right of withdrawal under the Italian Consumer Code (Legislative Decree 206/2005, Articles 52 to 59) and how returns work in practice.

## Your 14-day right of withdrawal

If you are a consumer, you may withdraw from your purchase **within 14 days** without giving any reason. The period runs from the day you, or someone you name other than the carrier, receive the goods. For an order delivered in several parcels it runs from the day the last one arrives.

## How to return an item

1. Tell us before the 14 days end: write to [${BRAND.supportEmail}](mailto:${BRAND.supportEmail}) or use our [contact form](/contact?reason=order), giving your order number and the items you are returning. You may use the model form below, but you do not have to.
2. We send you the return address and a reference within one working day.
3. Send the items back **within 14 days** of telling us, to our studio: ${STUDIO}.

## Condition of returned items

Please return items unworn, unwashed and with their tags. You may handle an item as you would in a shop to judge its fit and quality. If an item has lost value because it was handled beyond that (for example worn outdoors or washed), we may reduce the refund by that loss of value.

## Costs

- Returns are free within Italy using the label we send you.
- From other EU countries the direct cost of sending the goods back is yours.
- If the item is faulty or not what you ordered, we pay every cost.

## Refunds

We refund everything you paid, **including the standard delivery cost**, within 14 days of receiving your withdrawal. We may wait until the goods are back with us, or until you show proof of sending them, whichever comes first. The refund goes to the card you paid with; you pay no fee for it. If you chose a more expensive delivery than our standard one, the difference is not refunded.

## Exchanges

We do not swap items directly. Return the item for a refund and place a new order for the size or colour you want; stock is limited, so order as soon as you know.

## Exceptions

The right of withdrawal does not apply to items made or altered to your personal specifications, nor to underwear and swimwear whose hygiene seal has been removed (Article 59 of the Consumer Code).

## Faulty items: the legal guarantee

Independently of the right of withdrawal, every product is covered by the **legal guarantee of conformity** (Articles 128 to 135 of the Consumer Code): we answer for any lack of conformity that appears within **26 months** of delivery. Tell us within 2 months of discovering it and we will repair or replace the item, or, if that is not possible, give a price reduction or a refund.

## Model withdrawal form

> To ${LEGAL_NAME}, ${HQ}, ${BRAND.supportEmail}:
>
> I hereby give notice that I withdraw from my contract of sale of the following goods: ...
>
> Ordered on / received on: ...
>
> Order number: ...
>
> Name and address of the consumer: ...
>
> Date: ...
`,

  'terms-and-conditions': `_Last updated: ${updated('terms-and-conditions')}_

These terms govern the sale of products through this website. Please read them before ordering; placing an order means you accept them. Your rights as a consumer under Italian and EU law are not limited by anything here.

## 1. Who we are

The seller is ${LEGAL_NAME}, ${HQ}, email [${BRAND.email}](mailto:${BRAND.email}).

## 2. Products

We make small batches of clothing. Photos and descriptions are as accurate as we can make them; colours may look slightly different on your screen. Availability is shown on each product page and may change at any time. Size charts are on the product pages.

## 3. Prices

- Prices are in euros and **include Italian VAT at 22%**.
- Delivery costs €20.00 per order and is **free for orders over €150.00**. The delivery cost is shown in the cart before you pay.
- The price that applies is the one shown when you place the order.

## 4. Orders and the contract

1. You add products to your cart, or buy one item at once with Quick Purchase.
2. You sign in, create an account or verify your email as a guest.
3. You pay on the secure page of our card payment provider.
4. The contract is made when we send the order confirmation by email. If an item turns out to be unavailable, we tell you and refund it at once.

Keep the confirmation email: it summarises your order and these terms.

## 5. Payment

We accept the payment cards offered on the payment page. Your card is charged when you place the order. Card details are handled by the payment provider; we never store them.

## 6. Delivery

We ship from Italy to the countries offered at checkout. Orders usually leave within 2 working days and arrive within 7 working days in Italy. Tracking details appear in your order history. Risk passes to you when you, or someone you name, take possession of the goods.

## 7. Right of withdrawal

You may withdraw within 14 days of delivery without giving a reason. Our [Return Policy](/return-policy) explains how, what it costs and when you are refunded.

## 8. Legal guarantee

Every product is covered by the legal guarantee of conformity for 26 months from delivery, as described in the [Return Policy](/return-policy).

## 9. Collectible cards

Some purchases unlock digital collectible cards shown in your account. They have no monetary value, cannot be sold or exchanged for money, and are for personal use.

## 10. Accounts

Keep your password secret and tell us if you think someone else has used your account. Guest sessions last about 10 hours.

## 11. Liability

We are liable under the law for damage caused by our products or by our breach of these terms. We are not liable for losses we could not reasonably foresee, nor for delays caused by events beyond our control. Nothing here limits liability for death or personal injury, fraud, or anything that cannot be limited by law.

## 12. Personal data

We process your data as described in our [Privacy Policy](/privacy-policy).

## 13. Complaints and disputes

Write to [${BRAND.supportEmail}](mailto:${BRAND.supportEmail}); we answer within 2 working days. You may also use the EU Online Dispute Resolution platform (ec.europa.eu/consumers/odr) or an out-of-court settlement body.

## 14. Law and courts

These terms are governed by Italian law. If you are a consumer, the court of the place where you live has jurisdiction, and you keep the protection of the mandatory rules of your country of residence.
`,

  'website-use-agreement': `_Last updated: ${updated('website-use-agreement')}_

This agreement sets the rules for using the ${BRAND.name} website, whether or not you buy anything. By using the website you accept it. Purchases are also governed by our [Terms and Conditions](/terms-and-conditions).

## 1. The website

The website is run by ${LEGAL_NAME}, ${HQ}. We may change, suspend or withdraw any part of it, and we do not promise it will always be available or free of errors.

## 2. Acceptable use

You agree not to:

- use the website in any way that breaks the law or harms others;
- try to get unauthorised access to the website, our servers or other shoppers' accounts;
- send automated requests in bulk, scrape content, or get round the limits on our forms;
- send spam, viruses or other harmful code;
- pretend to be someone else when contacting us or buying.

We may suspend accounts that break these rules.

## 3. Intellectual property

The ${BRAND.name} name and logo, the designs, photos, illustrations, collectible card artwork and texts on the website belong to ${LEGAL_NAME} or its licensors and are protected by copyright and trademark law. You may view and share pages for personal, non-commercial use. Any other use needs our written permission.

## 4. Your account

You are responsible for what happens under your account and for keeping your password safe. Tell us at once at [${BRAND.supportEmail}](mailto:${BRAND.supportEmail}) if you think it has been misused.

## 5. What you send us

When you write to us, you confirm that what you send is accurate and does not infringe anyone's rights. We use your messages only to answer you and to improve our service.

## 6. Cookies and local storage

The website uses a session cookie to keep you signed in and remember your cart, a cookie for the language you chose and a short-lived one for your cart's item count, and it remembers that you accepted the cookie notice in your browser's local storage (or in a cookie when JavaScript is off). We do not use advertising cookies. Details are in our [Privacy Policy](/privacy-policy).

## 7. Links to other websites

Links to social networks and other websites are given for convenience. We are not responsible for their content or their handling of your data.

## 8. Liability

The information on the website is given in good faith. To the extent the law allows, we are not liable for losses arising from its use or from the website being unavailable. Nothing here limits rights you have as a consumer.

## 9. Changes

We may update this agreement; the date at the top shows the current version. Continuing to use the website means you accept the changes.

## 10. Law

This agreement is governed by Italian law. Consumers keep the protection of the mandatory rules of their country of residence and may bring proceedings where they live.
`,
};

/** Each policy in each of the shop's languages (ADR 046): English at its path, Italian under policies/it/. */
const POLICY_TEXTS = { en: POLICY_MARKDOWN, it: POLICY_MARKDOWN_IT } as const;

/**
 * Writes each policy document that storage does not have yet, in every language; never overwrites
 * an edited one. Returns the paths written.
 */
export async function seedPolicyDocuments(storage: Storage): Promise<string[]> {
  const written: string[] = [];
  for (const locale of ['en', 'it'] as const) {
    for (const doc of POLICY_DOCUMENTS) {
      const path = policyPath(doc.slug, locale);
      if (await storage.exists('documents', path)) continue;
      await storage.put('documents', path, POLICY_TEXTS[locale][doc.slug]);
      written.push(path);
    }
  }
  return written;
}
