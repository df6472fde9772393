/* The Timers extension: lets a client start timers on a server and read them back. Written for spec-check's tests. */
import type { Notification, Request, Result } from "./base.types.js";

/** A timer the server runs. */
export interface Timer {
  /** The server's name for the timer. */
  timerId: string;
  /** Seconds left; 0 once it has fired. */
  remainingSeconds: number;
  /** Whether it is still counting down. */
  status: "running" | "fired" | "cancelled";
}

/** Starts a timer. */
export interface StartTimerRequest extends Request {
  method: "timers/start";
  params: {
    /** How long it runs, in seconds. */
    seconds: number;
    /** A label for people. */
    label?: string;
  };
}

/** Reads one timer. */
export interface GetTimerRequest extends Request {
  method: "timers/get";
  params: { timerId: string };
}

/** Lists every timer. */
export interface ListTimersRequest extends Request {
  method: "timers/list";
}

/** The answer to `timers/start` and `timers/get`: one timer. */
export interface TimerResult extends Result {
  resultType: "timer";
  timer: Timer;
}

/** The answer to `timers/list`. */
export interface TimerListResult extends Result {
  resultType: "timerList";
  timers: Timer[];
}

/** Sent when a timer fires. */
export interface TimerFiredNotification extends Notification {
  method: "notifications/timers/fired";
  params: { timerId: string };
}
