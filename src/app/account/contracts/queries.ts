import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../queries';
import {
  fetchAwaitingCount,
  fetchCategories,
  fetchContract,
  fetchContracts,
  fetchHistory,
  fetchProvinces,
  makeOffer,
  searchLahan,
  type ContractHistory,
  type LahanFilters,
} from './api';
import type { Contract, Offer } from './types';

/** The contract keys of /akun, under its `akun` key (../queries): cleared with the session. */
export const contractKeys = {
  /** Every contract read: the list, the waiting count and each contract with its history. */
  all: [...accountKeys.all, 'contracts'] as const,
  list: [...accountKeys.all, 'contracts', 'list'] as const,
  awaiting: [...accountKeys.all, 'contracts', 'awaiting'] as const,
  one: (id: number) => [...accountKeys.all, 'contracts', id] as const,
  lahanSearch: (filters?: LahanFilters) => [
    ...accountKeys.all,
    'lahan-search',
    ...(filters ? [filters] : []),
  ],
};

export const useContracts = () => useQuery({ queryKey: contractKeys.list, queryFn: fetchContracts });

export const useAwaitingCount = () =>
  useQuery({ queryKey: contractKeys.awaiting, queryFn: fetchAwaitingCount });

const NO_HISTORY: ContractHistory = { terms: [], events: [], signatures: [], deliveries: [] };

/** A contract with its history, read together so that a step's result shows in both at once. */
export interface ContractView {
  contract: Contract;
  history: ContractHistory;
  /** Without its history the contract still shows, with the steps its party can take, and this failure. */
  historyError?: unknown;
}

async function fetchContractView(id: number): Promise<ContractView> {
  let historyError: unknown;
  const history = fetchHistory(id).catch((err: unknown) => {
    historyError = err;
    return NO_HISTORY;
  });
  const [contract, found] = await Promise.all([fetchContract(id), history]);
  return { contract, history: found, historyError };
}

export const useContract = (id: number) =>
  useQuery({ queryKey: contractKeys.one(id), queryFn: () => fetchContractView(id) });

/** The mitra's search; the last answer stays on screen while the next page or filter is read. */
export const useLahanSearch = (filters: LahanFilters) =>
  useQuery({
    queryKey: contractKeys.lahanSearch(filters),
    queryFn: () => searchLahan(filters),
    placeholderData: keepPreviousData,
  });

export const useProvinces = () =>
  useQuery({ queryKey: accountKeys.choices('province'), queryFn: fetchProvinces });

export const useCategories = (kind: 'category' | 'contract-category') =>
  useQuery({ queryKey: accountKeys.choices(kind), queryFn: () => fetchCategories(kind) });

/**
 * A step on a contract (counter, revise, sign, reject, cancel, start, complete, a delivery or its confirmation):
 * `write` is the call. Once it succeeds every contract read is stale: the open contract and its history are read
 * again at once, the list and the waiting count when /akun shows them. The screen shows the step's result
 * meanwhile, so this resolves without waiting for the reads.
 */
export function useContractStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (write: () => Promise<unknown>) => write(),
    onSuccess: () => void client.invalidateQueries({ queryKey: contractKeys.all }),
  });
}

/** The contract's terms changed under the person (a refused signature): read it again. */
export function useRefreshContract(id: number) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: contractKeys.one(id) });
}

/** The mitra's offer: a new contract, and its lahan leaves the search (it is in negotiation now). */
export function useMakeOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (offer: Offer) => makeOffer(offer),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contractKeys.all });
      void client.invalidateQueries({ queryKey: contractKeys.lahanSearch() });
    },
  });
}
