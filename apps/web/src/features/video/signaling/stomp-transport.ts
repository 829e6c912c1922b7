import { Client } from '@stomp/stompjs';
import { PRIVATE_TOPIC, SEND_DESTINATION, STOMP_PATH, VIDEO_TIMING, type ClientCommand } from '@dihs/contract/video';
import type { SignalingTransport, TransportFactory, TransportHandlers } from './signaling-client.ts';

/** ws(s)://{host}/ws of the page's own origin (the vite dev server proxies it). */
export function signalingUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${STOMP_PATH}`;
}

/** The STOMP 1.2 transport: bearer on CONNECT, SUBSCRIBE and every SEND; @stomp/stompjs's own reconnect is off. */
export function stompTransport(options: { url: string; token: string; userId: number }): TransportFactory {
  const authorization = `Bearer ${options.token}`;
  return (handlers: TransportHandlers): SignalingTransport => {
    let closedOnPurpose = false;
    let failed = false;
    const fail = () => {
      if (closedOnPurpose || failed) return;
      failed = true;
      handlers.onSocketError();
    };
    const client = new Client({
      brokerURL: options.url,
      connectHeaders: { Authorization: authorization },
      heartbeatIncoming: VIDEO_TIMING.heartbeatMs,
      heartbeatOutgoing: VIDEO_TIMING.heartbeatMs,
      // the SignalingClient decides when to reconnect (spec 3 section 4)
      reconnectDelay: 0,
      onConnect: () => {
        client.subscribe(PRIVATE_TOPIC(options.userId), (message) => handlers.onMessage(message.body), {
          Authorization: authorization,
        });
        handlers.onOpen();
      },
      onStompError: fail,
      onWebSocketError: fail,
      onWebSocketClose: fail,
    });
    return {
      connect: () => client.activate(),
      close: () => {
        closedOnPurpose = true;
        void client.deactivate();
      },
      send: (command: ClientCommand) => {
        if (!client.connected) return;
        client.publish({
          destination: SEND_DESTINATION,
          body: JSON.stringify(command),
          headers: { Authorization: authorization, 'content-type': 'application/json' },
        });
      },
    };
  };
}
