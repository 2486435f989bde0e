import * as z from 'zod/mini';
import {
  createOrgUnit,
  deleteOrgUnit,
  getOrgUnit,
  listOrgUnits,
  renameOrgUnit,
  type OrgKind,
} from '../../db/organisation.js';
import { nameSchema } from '../../domain/input.js';
import { created, ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api, type RouteNamesFor } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';

/**
 * Route functions shared by departments and employment statuses (same shape, spec §2); each route
 * keeps its own entry file and Lambda. Errors on the forms read 登録内容に不備があります。
 */
export const OrgUnitBodySchema = z.strictObject({ name: nameSchema(50) });

const invalidMessage = MESSAGES.registrationDefect;

export const listRoute = (routeName: RouteNamesFor<'admin'>, kind: OrgKind) =>
  api(routeName, {}, async ({ principal }) => ok(await listOrgUnits(kind, principal.companyId)));

export const getRoute = (routeName: RouteNamesFor<'admin'>, kind: OrgKind) =>
  api(routeName, { params: IdParamsSchema }, async ({ params, principal }) =>
    ok(await getOrgUnit(kind, principal.companyId, params.id)),
  );

export const createRoute = (routeName: RouteNamesFor<'admin'>, kind: OrgKind) =>
  api(routeName, { body: OrgUnitBodySchema, invalidMessage, audit: `${kind}.create` }, async ({ body, principal }) =>
    created(await createOrgUnit(kind, principal.companyId, body.name)),
  );

export const updateRoute = (routeName: RouteNamesFor<'admin'>, kind: OrgKind) =>
  api(
    routeName,
    { params: IdParamsSchema, body: OrgUnitBodySchema, invalidMessage, audit: `${kind}.rename` },
    async ({ params, body, principal }) => ok(await renameOrgUnit(kind, principal.companyId, params.id, body.name)),
  );

/** Refused with 409 while active staff still use it. */
export const deleteRoute = (routeName: RouteNamesFor<'admin'>, kind: OrgKind) =>
  api(routeName, { params: IdParamsSchema, audit: `${kind}.delete` }, async ({ params, principal }) =>
    ok(await deleteOrgUnit(kind, principal.companyId, params.id)),
  );
