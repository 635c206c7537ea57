import {
  adminBrandResponseSchema,
  adminBrandsResponseSchema,
  createBrandRequestSchema,
  maxBrandLogoBytes,
  updateBrandRequestSchema,
} from '@apothecall/domain/brands/brands-admin.api';
import { keyParamsSchema } from '@apothecall/domain/common/common.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { readForm, registerMultipart } from '../../platform/files/multipart-form';
import { sessionRoutes } from '../../platform/route-groups';
import type { BrandsAdminService } from './brands-admin.service';

/**
 * The back office's brands area, under /admin/brands: the list, a brand, create,
 * save, upload its logo. Reads need back-office read access to 'brands' (admin, support);
 * changes need write access (admin): 403 otherwise, 401 without a session.
 */
export function brandsAdminRoutes(deps: { admin: BrandsAdminService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];

    r.get(
      '/admin/brands',
      {
        schema: {
          tags,
          summary:
            'Every brand: key, name, host names, colours, settings (back office: read; the main brand first)',
          response: { 200: adminBrandsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        brands: await deps.admin.list(actorOf(request)),
      }),
    );

    r.post(
      '/admin/brands',
      {
        schema: {
          tags,
          summary:
            'Create a brand under a new company key; 409 when the key, a host name or an alias is taken (back office: write)',
          body: createBrandRequestSchema,
          response: { 200: adminBrandResponseSchema },
        },
      },
      async (request) => {
        const { id, ...fields } = request.body;
        const brand = await deps.admin.create(actorOf(request), id, fields);
        return { error: false as const, brand, changed: [] };
      },
    );

    r.get(
      '/admin/brands/:id',
      {
        schema: {
          tags,
          summary: 'A brand as the operator edits it (back office: read)',
          params: keyParamsSchema,
          response: { 200: adminBrandResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        brand: await deps.admin.detail(actorOf(request), request.params.id),
        changed: [],
      }),
    );

    r.put(
      '/admin/brands/:id',
      {
        schema: {
          tags,
          summary:
            "Save a brand's fields (all of them); answers the fields that changed. Applies at once (back office: write)",
          params: keyParamsSchema,
          body: updateBrandRequestSchema,
          response: { 200: adminBrandResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.admin.update(actorOf(request), request.params.id, request.body)),
      }),
    );

    await app.register(async (upload) => {
      await registerMultipart(upload, maxBrandLogoBytes, 0);
      upload.withTypeProvider<ZodTypeProvider>().post(
        '/admin/brands/:id/logo',
        {
          schema: {
            tags,
            summary:
              "Upload the brand's logo (multipart/form-data: `file`; PNG, JPEG or WebP up to 1 MB), stored as PNG at /brand-logos/{hash}.png (back office: write)",
            consumes: ['multipart/form-data'],
            params: keyParamsSchema,
            response: { 200: adminBrandResponseSchema },
          },
        },
        async (request) => {
          const actor = actorOf(request);
          const form = await readForm(request, maxBrandLogoBytes).catch((error: unknown) => {
            if (error instanceof AppError && error.status === 413) {
              throw new AppError(413, 'FILE_TOO_LARGE', 'backoffice.brands.logo.tooLarge');
            }
            if (error instanceof AppError && error.code === 'FILE_MISSING') {
              throw new AppError(400, 'FILE_MISSING', 'backoffice.brands.logo.missing');
            }
            throw error;
          });
          if (!form.file) {
            throw new AppError(400, 'FILE_MISSING', 'backoffice.brands.logo.missing');
          }
          return {
            error: false as const,
            brand: await deps.admin.uploadLogo(actor, request.params.id, form.file.bytes),
            changed: ['logoUrl'],
          };
        },
      );
    });
  });
}
