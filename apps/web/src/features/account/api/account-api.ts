/**
 * The account calls (docs/api/accounts.md) and the few of other domains the user centre shows
 * (wallet balance, order counts, public params), as TanStack Query hooks. Every key starts with
 * 'account'; passwords always travel in POST bodies, never in a query string.
 */
import type { AddressDto, LoginResultDto, SlideChallengeDto, VerificationKind } from '@mall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { updateSessionUser, useSession } from '../../../lib/session.ts';
import { deviceId } from '../../../lib/storage.ts';

export const accountKeys = {
  all: ['account'] as const,
  me: ['account', 'me'] as const,
  params: ['account', 'params'] as const,
  countries: ['account', 'countries'] as const,
  states: (country: string) => ['account', 'states', country] as const,
  cities: (country: string, state: string) => ['account', 'cities', country, state] as const,
  addresses: ['account', 'addresses'] as const,
  balance: ['account', 'balance'] as const,
  orderCounts: ['account', 'order-counts'] as const,
  verification: (kind: VerificationKind) => ['account', 'verification', kind] as const,
};

/** The brand's public params the account pages need (strings, as the server keeps them). */
export interface AccountParams {
  register_invitation_required: string;
  register_verify_code_required: string;
  account_reregister_days: string;
  user_address_max: string;
}

const PARAM_CODES: (keyof AccountParams)[] = [
  'register_invitation_required',
  'register_verify_code_required',
  'account_reregister_days',
  'user_address_max',
];

export function useAccountParams() {
  return useQuery({
    queryKey: accountKeys.params,
    queryFn: () => apiCall('/api/get/params', { params: { code: PARAM_CODES.join(',') } }),
    staleTime: 60_000,
  });
}

// --- geography ---------------------------------------------------------------------------------

export function useCountries() {
  return useQuery({
    queryKey: accountKeys.countries,
    queryFn: () => apiCall('/api/country/list'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStates(countryCode: string | undefined) {
  return useQuery({
    queryKey: accountKeys.states(countryCode ?? ''),
    queryFn: () => apiCall('/api/states/list', { params: { countryCode: countryCode ?? '' } }),
    enabled: Boolean(countryCode),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCities(countryCode: string | undefined, stateCode: string | undefined) {
  return useQuery({
    queryKey: accountKeys.cities(countryCode ?? '', stateCode ?? ''),
    queryFn: () =>
      apiCall('/api/cities/list', { params: { countryCode: countryCode ?? '', stateCode: stateCode ?? '' } }),
    enabled: Boolean(countryCode && stateCode),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

// --- sign-up, sign-in ----------------------------------------------------------------------------

export function fetchSlideChallenge(): Promise<SlideChallengeDto> {
  return apiCall('/api/slide/challenge', { method: 'POST', body: {} });
}

export function verifySlide(id: string, x: number, trail: number[][]): Promise<{ token: string }> {
  return apiCall('/api/slide/verify', { method: 'POST', body: { id, x, trail } });
}

export type AccountType = 'phone' | 'email';

export interface RegisterInput {
  type: AccountType;
  areaCode?: string;
  phone?: string;
  email?: string;
  username?: string;
  password: string;
  rePassword: string;
  invitationCode?: string;
  /** The agent code saved from the `code` query. */
  code?: string;
  slideToken: string;
  agree: boolean;
  /** Only when the brand asks for a code. */
  verifyCode?: string;
}

export function register(input: RegisterInput): Promise<LoginResultDto> {
  const path =
    input.verifyCode === undefined
      ? '/api/registerNoVerifyCode'
      : '/api/localuser!registerWithVerifcode.action';
  return apiCall(path, { method: 'POST', body: { ...input, deviceId: deviceId() } });
}

export interface SendCodeInput {
  purpose: 'register' | 'reset';
  type?: AccountType;
  areaCode?: string;
  phone?: string;
  email?: string;
  username?: string;
}

export function sendCode(input: SendCodeInput): Promise<null> {
  return apiCall('/api/jscode!execute.action', { method: 'POST', body: { ...input } });
}

export function login(input: { username: string; password: string; areaCode?: string }) {
  return apiCall('/api/login', { method: 'POST', body: { ...input, deviceId: deviceId() } });
}

export function resetPassword(input: {
  username: string;
  areaCode?: string;
  verifyCode: string;
  password: string;
  rePassword: string;
}) {
  return apiCall('/api/user/resetPassword', { method: 'POST', body: { ...input } });
}

// --- the signed-in user --------------------------------------------------------------------------

/** The user as the server knows them now; the header's copy (name, avatar) follows. */
export function useMe() {
  const session = useSession();
  return useQuery({
    queryKey: accountKeys.me,
    queryFn: async () => {
      const user = await apiCall('/api/get/local/user', { method: 'POST', body: {} });
      updateSessionUser({ usercode: user.usercode, username: user.username, avatar: user.avatar });
      return user;
    },
    enabled: Boolean(session),
  });
}

export function useSetAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (avatar: number) => apiCall('/api/refresh/avatar', { method: 'POST', body: { avatar } }),
    onSuccess: (user) => {
      client.setQueryData(accountKeys.me, user);
      updateSessionUser({ usercode: user.usercode, username: user.username, avatar: user.avatar });
    },
  });
}

export function useBalance() {
  const session = useSession();
  return useQuery({
    enabled: Boolean(session),
    queryKey: accountKeys.balance,
    queryFn: () => apiCall('/api/wallet/usdt', { method: 'POST', body: {} }),
  });
}

export function useOrderCounts() {
  const session = useSession();
  return useQuery({
    enabled: Boolean(session),
    queryKey: accountKeys.orderCounts,
    queryFn: () => apiCall('/api/order/count', { method: 'POST', body: {} }),
  });
}

// --- passwords -----------------------------------------------------------------------------------

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { oldPassword: string; password: string; rePassword: string }) =>
      apiCall('/api/user/updateOldAndNewPsw', { method: 'POST', body: { ...input } }),
  });
}

export function useSetFundPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { safeword: string; reSafeword: string }) =>
      apiCall('/api/user/SetSafeWord', { method: 'POST', body: { ...input } }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.me }),
  });
}

export function useChangeFundPassword() {
  return useMutation({
    mutationFn: (input: { oldSafeword: string; safeword: string; reSafeword: string }) =>
      apiCall('/api/user/updateOldAndNewSafeWord', { method: 'POST', body: { ...input } }),
  });
}

export function useCancelAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      apiCall('/api/user!logoff.action', { method: 'POST', body: { password } }),
  });
}

// --- addresses -----------------------------------------------------------------------------------

export type AddressInput = Omit<AddressDto, 'id' | 'createTime'>;

export function useAddresses() {
  const session = useSession();
  return useQuery({
    enabled: Boolean(session),
    queryKey: accountKeys.addresses,
    queryFn: () => apiCall('/api/user/address/list', { method: 'POST', body: {} }),
  });
}

/** SPEC §4: add, edit and delete each reload the list. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: AddressInput & { id?: string }) =>
      id
        ? apiCall('/api/user/address/edit', { method: 'POST', body: { id, ...input } })
        : apiCall('/api/user/address/add', { method: 'POST', body: { ...input } }),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('/api/user/address/del', { method: 'POST', body: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

// --- verification --------------------------------------------------------------------------------

export function useVerification(kind: VerificationKind) {
  const session = useSession();
  return useQuery({
    enabled: Boolean(session),
    queryKey: accountKeys.verification(kind),
    queryFn: () => apiCall(`/api/identity/${kind}/status`, { method: 'POST', body: {} }),
  });
}

export interface VerificationInput {
  realName?: string;
  idNumber?: string;
  nationality?: string;
  frontImg: string;
  backImg: string;
  handheldImg?: string;
}

export function useSubmitVerification(kind: VerificationKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VerificationInput) =>
      apiCall(`/api/identity/${kind}/submit`, { method: 'POST', body: { ...input } }),
    onSuccess: (dto) => {
      client.setQueryData(accountKeys.verification(kind), dto);
      void client.invalidateQueries({ queryKey: accountKeys.me });
    },
  });
}

/**
 * Ends one session by its token (the header carries it, whatever this browser has stored): used
 * for the fresh session a password change answers, since the user signs in again anyway.
 */
export async function revokeToken(token: string): Promise<void> {
  try {
    await fetch('/api/user!logout.action', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  } catch {
    // It expires by itself; nothing else to do.
  }
}
