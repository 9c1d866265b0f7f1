import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../../../src/app/api/client';

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data: unknown };

/** Routes every request of both the shared instance and bare axios (used for the refresh call) through `handler`. */
export function serve(handler: Handler) {
  const adapter: AxiosAdapter = async (config) => {
    const { status, data } = handler(config);
    const response = { status, data, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      'ERR_BAD_RESPONSE',
      config,
      {},
      response,
    );
  };
  http.defaults.adapter = adapter;
  axios.defaults.adapter = adapter;
}
