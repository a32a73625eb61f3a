import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One access-log line per request, when its answer has been sent: method, URL, status, client address and time.
 * Fastify's default writes two per request ("incoming request" and "request completed"); at the default level
 * that doubled the cost of logging, the largest share of a small request's CPU time. Fastify's other log lines
 * (unknown routes, errors of its own) are kept.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {
    // Nothing until the answer is sent: one line per request.
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      remoteAddress: request.ip,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
