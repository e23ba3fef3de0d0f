import net from "node:net";

export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A tiny SMTP server for tests (node:net): `accept` speaks just enough SMTP for
 * nodemailer to deliver and keeps each message; `refuse` answers 554 and hangs up,
 * like a mail server that is down for us.
 */
export async function startSmtpServer(mode: "accept" | "refuse") {
  const received: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    if (mode === "refuse") {
      socket.end("554 5.3.2 Service unavailable\r\n");
      return;
    }
    let buffer = "";
    let inData = false;
    let current: ReceivedMail = { from: "", to: [], data: "" };
    socket.write("220 test-smtp ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          socket.write("250 2.0.0 queued\r\n");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-test-smtp\r\n250 8BITMIME\r\n");
        else if (verb === "MAIL") {
          current.from = line;
          socket.write("250 2.1.0 ok\r\n");
        } else if (verb === "RCPT") {
          current.to.push(line.replace(/^RCPT TO:\s*/i, "").replace(/[<>]/g, ""));
          socket.write("250 2.1.5 ok\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
