import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * accept: takes every mail; reject: answers 451 to the sender (a temporary failure); close:
 * answers 421 on connect and hangs up (a server going away).
 */
export type SmtpBehaviour = "accept" | "reject" | "close";

export type TestSmtpServer = {
  url: string;
  /** Every mail the server accepted, parsed. */
  received: ParsedMail[];
  behave(behaviour: SmtpBehaviour): void;
  close(): Promise<void>;
};

const temporary = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** A real SMTP server on a free local port, as the app's mail sees any server. */
export async function startSmtpServer(initial: SmtpBehaviour = "accept"): Promise<TestSmtpServer> {
  let behaviour = initial;
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      if (behaviour !== "close") return callback();
      callback(temporary(421, "Service shutting down, try again later"));
    },
    onMailFrom(_address, _session, callback) {
      if (behaviour !== "reject") return callback();
      callback(temporary(451, "Temporary local problem, try again later"));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    behave(next) {
      behaviour = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
