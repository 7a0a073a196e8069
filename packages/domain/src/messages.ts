/** SPEC 8: fallback messages shown when a failed reply carries no error field. */
export const FALLBACK_MESSAGES = {
  login: 'Login failed',
  register: 'Registration failed',
  forgotPassword: 'Failed to send reset email',
  resetPassword: 'Failed to reset password',
  verifyOtp: 'Failed to verify OTP',
  resendOtp: 'Failed to resend OTP',
  applyInstructor: 'Failed to submit instructor application',
  submitApplication: 'Error submitting application',
} as const;

export function applicationStatusError(detail: string): string {
  return `Error loading application status: ${detail}`;
}

/** SPEC 8: messages containing 'error' are shown in red, others in green. */
export function messageTone(message: string): 'error' | 'success' {
  return message.toLowerCase().includes('error') ? 'error' : 'success';
}
