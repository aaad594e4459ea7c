import { z } from 'zod';

import { changeNavigationItemRequestSchema, navigationGroupRequestSchema, navigationItemRequestSchema } from '@contract/api/navigation';
import { required } from '@contract/fields';

/**
 * The navigation page's forms (ADR 071), checked in the browser and again by the action, with the
 * API's own rules (contract/api/navigation.ts). A link's form has every field a kind may use; the kind
 * chosen decides which are read.
 */
export const newLinkFormSchema = z.intersection(
  navigationItemRequestSchema,
  z.object({ group_id: z.string(required('Choose the menu or column')).uuid('Choose the menu or column') }),
);
export const changeLinkFormSchema = changeNavigationItemRequestSchema;
export const columnFormSchema = navigationGroupRequestSchema;
