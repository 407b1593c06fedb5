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
    /**
     * The signed-in user (or null) when the in-memory cache knows the answer now, without a promise;
     * undefined when it must be loaded (then `getUser()` loads it, once).
     */
    userNow(): TAuthUser | null | undefined;
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
  const known = Symbol("knownUser");
  type TReq = FastifyRequest & { [cached]?: Promise<TAuthUser | null>; [known]?: TAuthUser | null };

  app.decorateRequest("sessionId", function (this: FastifyRequest) {
    // Absent when the request failed before the cookie parser ran (its error is still answered).
    const token = this.cookies?.[SESSION_COOKIE];
    return token ? sha256(token) : null;
  });
  app.decorateRequest("userNow", function (this: TReq) {
    if (this[known] !== undefined) return this[known];
    // A load is already under way: only getUser() can tell.
    if (this[cached]) return undefined;
    const id = this.sessionId();
    const user = id ? app.userCache.peekUserForSession(id) : null;
    if (user === undefined) {
      const loading = app.userCache.getUserForSession(id as string);
      // Its failure is for whoever awaits getUser(); never an unhandled rejection.
      loading.catch(() => {});
      this[cached] = loading;
      return undefined;
    }
    this[known] = user;
    this[cached] = Promise.resolve(user);
    return user;
  });
  app.decorateRequest("getUser", function (this: TReq) {
    if (!this[cached]) this.userNow();
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

function userCtxOf(req: FastifyRequest, user: TAuthUser | null): TUserCtx {
  if (!user) throw unauthorized();
  const { db, changed } = appCtx(req);
  return { db, changed, userId: user.id, churchId: user.churchId, role: user.role, email: user.email, ip: req.ip };
}

function memberCtxOf(req: FastifyRequest, user: TAuthUser | null): TChurchCtx {
  if (!user) throw unauthorized();
  if (!user.churchId) throw forbidden("Create or join a church first.");
  const { db, changed } = appCtx(req);
  return {
    db,
    changed,
    userId: user.id,
    churchId: user.churchId,
    role: user.role,
    timeZone: user.church?.timeZone ?? getServerTimeZone(),
    ip: req.ip,
  };
}

function adminCtxOf(req: FastifyRequest, user: TAuthUser | null): TChurchCtx {
  const ctx = memberCtxOf(req, user);
  if (!isAdminRole(ctx.role)) throw forbidden("You don't have permission to access this page.");
  return ctx;
}

/** 401 unless signed in. */
export async function requireUser(req: FastifyRequest): Promise<TUserCtx> {
  return userCtxOf(req, await req.getUser());
}

/** 401 unless signed in, 403 unless the user belongs to a church. */
export async function requireMember(req: FastifyRequest): Promise<TChurchCtx> {
  return memberCtxOf(req, await req.getUser());
}

/** As requireMember, and 403 unless ADMIN or SUPER_ADMIN. */
export async function requireAdmin(req: FastifyRequest): Promise<TChurchCtx> {
  return adminCtxOf(req, await req.getUser());
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
  /** Puts the caller's context on the request, or throws 401/403. */
  function putCtx(req: TCtxReq, access: TAccess, user: TAuthUser | null): void {
    if (access === "user") req[USER] = userCtxOf(req, user);
    else if (access === "member") req[CHURCH] = memberCtxOf(req, user);
    else req[CHURCH] = adminCtxOf(req, user);
  }
  // Not async: with the session and user in memory (nearly every request) the check is done at once,
  // without a promise (issue 30, hot reads); otherwise it waits for the one load.
  app.addHook("preValidation", (req: TCtxReq, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (access === "public") return done();
    if (access !== "user" && access !== "member" && access !== "admin") {
      return done(!req.is404 && req.url.startsWith("/api/") ? forbidden() : undefined);
    }
    const user = req.userNow();
    if (user === undefined) {
      req.getUser().then((loaded) => {
        try {
          putCtx(req, access, loaded);
        } catch (err) {
          return done(err as Error);
        }
        done();
      }, done);
      return;
    }
    try {
      putCtx(req, access, user);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
});
