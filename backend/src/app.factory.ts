import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module.js';
import { createRequestLogger, createRootLogger, PinoNestLogger } from './common/request-logger.js';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter.js';
import { isServerLanguage } from './common/i18n/localise-message.js';
import { LocaliseResponseInterceptor } from './common/i18n/localise-response.interceptor.js';
import { verifyJsonBody } from './common/http/json-bounds.js';
import { precompressedAssets } from './common/http/precompressed-assets.js';
import { RejectNulPipe } from './common/pipes/reject-nul.pipe.js';
import { RequestBoundsPipe } from './common/pipes/request-bounds.pipe.js';
import { createValidationPipe } from './common/validation.pipe.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { UsersService } from './users/users.service.js';
import { setupSwagger } from './openapi/swagger.js';

export const API_PREFIX = 'api';

/** Content-Security-Policy that admits our own bundle, MUI's inline styles and Stripe.js for card entry. */
const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://js.stripe.com'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // blob: shows a receipt image the screen fetched with the session's token (a plain URL would carry none).
    imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
    connectSrc: ["'self'", 'https://api.stripe.com'],
    frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
  },
};

/** Serves the built frontend at `/`, and index.html for any client-side route so a reload works. */
function serveFrontend(app: NestExpressApplication, dist: string): void {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return;
  const precompressed = precompressedAssets(dist);
  const plain = express.static(dist, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => {
    // API calls never look on disk: serve-static stat()ed the folder for every one of them.
    if (req.path.startsWith(`/${API_PREFIX}/`)) return next();
    precompressed(req, res, () => plain(req, res, next));
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith(`/${API_PREFIX}`)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

export interface CreateAppOptions {
  /** Where log lines go (stdout when absent); the tests read them back to prove no secret is ever logged. */
  logDestination?: DestinationStream;
}

/** Builds the configured app without listening: used by main, the tests and the OpenAPI writer. */
export async function createApp(options: CreateAppOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bufferLogs: true,
    rawBody: true, // card-provider webhooks are verified against the exact bytes received
    bodyParser: false,
    // A configuration mistake rejects here (main exits with it) instead of Nest calling process.exit itself,
    // so a test can watch the app refuse to start.
    abortOnError: false,
  });
  const config = app.get<AppConfig>(APP_CONFIG);
  const logger = createRootLogger(config.logLevel, options.logDestination);
  app.useLogger(new PinoNestLogger(logger));
  // Request lines are logged at info: below that level the middleware would only cost time on every request.
  if (logger.isLevelEnabled('info')) app.use(createRequestLogger(logger));
  // Only proxies the operator names may speak for the client's address (README, Behind a reverse proxy).
  app.set('trust proxy', config.trustProxy);
  // Before the body parsers: a body they refuse (bad JSON, too large) skips every later middleware.
  app.use(helmet({ contentSecurityPolicy }));
  // express.json itself (not useBodyParser, whose rawBody option would replace our verify) keeps the raw bytes too.
  app.use(express.json({ limit: config.bodyLimit, verify: verifyJsonBody }));
  app.useBodyParser('urlencoded', { limit: config.bodyLimit, extended: false });
  app.setGlobalPrefix(API_PREFIX);
  // Bounds first: the other two walk the whole value, and class-transformer's cost is quadratic in an object's keys.
  app.useGlobalPipes(new RequestBoundsPipe(), new RejectNulPipe(), createValidationPipe());
  // Every answer's sentences in the client's language: the account's setting, else Accept-Language.
  const users = app.get(UsersService);
  const accountLanguage = async (userId: string) => {
    const language = await users.languageOf(userId);
    return isServerLanguage(language) ? language : undefined;
  };
  app.useGlobalFilters(new AllExceptionsFilter(accountLanguage));
  app.useGlobalInterceptors(new LocaliseResponseInterceptor(accountLanguage));
  setupSwagger(app);
  serveFrontend(app, config.frontendDist);
  return app;
}
