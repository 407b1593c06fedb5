import type { TAuthUser } from "@common/auth";
import { resolveLanguage, type TLanguage } from "@common/i18n/locales";
import { isAdminRole } from "@common/roles";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { TAppCtx, TChurchCtx, TUserCtx } from "../lib/context";
import { sha256 } from "../lib/crypto";
import { forbidden, unauthorized } from "../lib/errors";
import { getServerTimeZone } from "../lib/time";

export const SESSION_COOKIE = "fellowship_session";
export const SESSION_DAYS = 30;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user or null; looked up once per request, from the in-memory cache. */
    getUser(): Promise<TAuthUser | null>;
    sessionId(): string | null;
    /**
     * The language this request is answered in (issue 26): the user's choice, else their church's
     * default, else the request's `Accept-Language`, else English.
     */
    getLanguage(): Promise<TLanguage>;
  }
}

export function isSecureRequest(app: FastifyInstance, req: FastifyRequest): boolean {
  return app.config.appUrl?.startsWith("https://") ?? req.protocol === "https";
}

export function setSessionCookie(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(app, req),
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const cached = Symbol("user");
  type TReq = FastifyRequest & { [cached]?: Promise<TAuthUser | null> };

  app.decorateRequest("sessionId", function (this: FastifyRequest) {
    // Absent when the request failed before the cookie parser ran (its error is still answered).
    const token = this.cookies?.[SESSION_COOKIE];
    return token ? sha256(token) : null;
  });
  app.decorateRequest("getUser", function (this: TReq) {
    if (!this[cached]) {
      const id = this.sessionId();
      this[cached] = id ? app.userCache.getUserForSession(id) : Promise.resolve(null);
    }
    return this[cached] as Promise<TAuthUser | null>;
  });
  app.decorateRequest("getLanguage", async function (this: FastifyRequest) {
    const user = await this.getUser().catch(() => null);
    return resolveLanguage(user?.language, user?.church?.defaultLanguage, this.headers["accept-language"]);
  });
});

function appCtx(req: FastifyRequest): TAppCtx {
  return req.server.appCtx;
}

/** 401 unless signed in. */
export async function requireUser(req: FastifyRequest): Promise<TUserCtx> {
  const user = await req.getUser();
  if (!user) throw unauthorized();
  return { ...appCtx(req), userId: user.id, churchId: user.churchId, role: user.role, email: user.email, ip: req.ip };
}

/** 401 unless signed in, 403 unless the user belongs to a church. */
export async function requireMember(req: FastifyRequest): Promise<TChurchCtx> {
  const user = await req.getUser();
  if (!user) throw unauthorized();
  if (!user.churchId) throw forbidden("Create or join a church first.");
  return {
    ...appCtx(req),
    userId: user.id,
    churchId: user.churchId,
    role: user.role,
    timeZone: user.church?.timeZone ?? getServerTimeZone(),
    ip: req.ip,
  };
}

/** As requireMember, and 403 unless ADMIN or SUPER_ADMIN. */
export async function requireAdmin(req: FastifyRequest): Promise<TChurchCtx> {
  const ctx = await requireMember(req);
  if (!isAdminRole(ctx.role)) throw forbidden("You don't have permission to access this page.");
  return ctx;
}

export type TAccess = "public" | "user" | "member" | "admin";
export type TRouteAccess = { method: string; url: string; access: TAccess | undefined };

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with who may call it, as registered (the route-declaration test reads it). */
    routeAccess: TRouteAccess[];
    /** The database and the after-write effects, for services called without a signed-in caller. */
    appCtx: TAppCtx;
  }
  interface FastifyRequest {
    /** The caller within their church; put on the request by the access check of "member" and "admin" routes. */
    readonly churchCtx: TChurchCtx;
    /** The signed-in caller; put on the request by the access check of "user" routes. */
    readonly userCtx: TUserCtx;
  }
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; checked before the body is validated, so a member gets 403, not 400. */
    access?: TAccess;
  }
}

const CHURCH = Symbol("churchCtx");
const USER = Symbol("userCtx");
type TCtxReq = FastifyRequest & { [CHURCH]?: TChurchCtx; [USER]?: TUserCtx };

/**
 * Safe by default: every /api route must say who may call it (`config.access`). A route without a
 * declaration is refused when it is registered, so the app does not start; should one slip through
 * (registered before this plugin), it answers 403 to everyone. The check puts the caller's context
 * on the request (`req.churchCtx`, `req.userCtx`), so handlers never look the caller up themselves.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  const declared: TRouteAccess[] = [];
  app.decorate("routeAccess", declared);
  app.decorate("appCtx", { db: app.db, changed: (topic, id) => app.cacheBus.publish(topic, id) });
  app.decorateRequest("churchCtx", {
    getter(this: TCtxReq) {
      const ctx = this[CHURCH];
      if (!ctx) throw new Error(`${this.routeOptions.url} is not a "member" or "admin" route: no church context`);
      return ctx;
    },
  });
  app.decorateRequest("userCtx", {
    getter(this: TCtxReq) {
      const ctx = this[USER];
      if (!ctx) throw new Error(`${this.routeOptions.url} is not a "user" route: no user context`);
      return ctx;
    },
  });
  app.addHook("onRoute", (route) => {
    const access = (route.config as { access?: TAccess } | undefined)?.access;
    if (route.url.startsWith("/api/")) declared.push({ method: String(route.method), url: route.url, access });
    if (route.url.startsWith("/api/") && access === undefined) {
      throw new Error(`${route.method} ${route.url} does not declare who may call it (config.access).`);
    }
  });
  app.addHook("preValidation", async (req: TCtxReq) => {
    const access = req.routeOptions.config?.access;
    if (access === "public") return;
    if (access === "user") req[USER] = await requireUser(req);
    else if (access === "member") req[CHURCH] = await requireMember(req);
    else if (access === "admin") req[CHURCH] = await requireAdmin(req);
    else if (!req.is404 && req.url.startsWith("/api/")) throw forbidden();
  });
});
