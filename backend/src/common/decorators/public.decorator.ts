import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'isPublic';

/** Marks a route that needs no bearer token; every other route is private. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);
