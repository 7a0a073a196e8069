import type { User, VerifyOtpBody } from '@learnbuild/domain/schemas/auth';
import { api } from '@/lib/api-client';

export interface VerifyReply {
  success: true;
  message: string;
  instructorApplicationCreated: boolean;
  user: User;
  token: string;
}

export async function verifyOtp(body: VerifyOtpBody) {
  return (await api.post<VerifyReply>('/api/auth/verify-otp', body)).data;
}
