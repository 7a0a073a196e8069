import type { User } from '@learnbuild/domain/schemas/auth';
import { api } from '@/lib/api-client';

type UserReply = { success: true; message: string; user: User };

export async function updateProfile(name: string) {
  return (await api.patch<UserReply>('/api/auth/profile', { name })).data;
}

export async function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return (await api.post<UserReply>('/api/auth/avatar', form)).data;
}

export async function removeAvatar() {
  return (await api.delete<UserReply>('/api/auth/avatar')).data;
}

export async function changePassword(currentPassword: string, newPassword: string) {
  return (await api.post<UserReply & { token: string }>('/api/auth/change-password', { currentPassword, newPassword }))
    .data;
}

export async function logoutEverywhere() {
  return (await api.post<{ success: true; message: string }>('/api/auth/logout-all', {})).data;
}

export async function deleteAccount(password: string) {
  return (await api.delete<{ success: true; message: string }>('/api/auth/account', { data: { password } })).data;
}
