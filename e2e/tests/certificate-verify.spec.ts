import jsQR from 'jsqr';
import { axeFindings, overflowFindings } from './a11y-checks';
import { completeCourseByApi, createPublishedCourse } from './course-fixtures';
import { apiLogin, DEMO, expect, registerVerifiedUser, test, useToken } from './helpers';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PHONE_390 = { width: 390, height: 844 };
const DESKTOP_1366 = { width: 1366, height: 900 };

interface IssuedCertificate {
  id: string;
  code: string;
  learnerName: string;
  courseTitle: string;
  instructorName: string;
  issuedAt: string;
}

test.describe('certificates anyone can verify (issue 30)', () => {
  test("a learner's certificate prints its code and a QR code to the verify page, which names the learner, course, date and instructor, then says revoked when an admin revokes it", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const course = await createPublishedCourse(request, unique());
    const learner = await registerVerifiedUser(request, 'Vera Verified');
    const certificateId = await completeCourseByApi(request, learner.token, course);
    const certificate = (await (await request.get(`/api/certificates/${certificateId}`)).json())
      .certificate as IssuedCertificate;
    expect(certificate.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // The certificate shows its code and a QR code that a reader decodes to the verify page on this site.
    await page.setViewportSize(DESKTOP_1366);
    await page.goto(`/certificates/${certificateId}`);
    await expect(page.getByTestId('certificate-code')).toHaveText(certificate.code);
    const qr = page.getByTestId('certificate-qr');
    await expect(qr).toBeVisible();
    const verifyUrl = `${new URL(page.url()).origin}/certificates/verify/${certificate.code}`;
    const pixels = await qr.evaluate(async (svg) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 400;
      canvas.height = 400;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0, 400, 400);
      return Array.from(context.getImageData(0, 0, 400, 400).data);
    });
    expect(jsQR(Uint8ClampedArray.from(pixels), 400, 400)?.data).toBe(verifyUrl);
    expect(await axeFindings(page)).toEqual([]);

    // Printed, the certificate alone fills one landscape page, with its code and QR code.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('navbar')).toBeHidden();
    await expect(page.getByTestId('certificate-code')).toBeVisible();
    await expect(qr).toBeVisible();
    // Reset, not 'screen': a PDF is drawn with the media emulated at the time.
    await page.emulateMedia({ media: null });
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);

    // At phone width the certificate fits and stays accessible.
    await page.setViewportSize(PHONE_390);
    await expect(page.getByTestId('certificate-code')).toBeVisible();
    expect(await overflowFindings(page)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);

    // Following the QR code: the verify page names the learner, course, date and instructor.
    for (const viewport of [DESKTOP_1366, PHONE_390]) {
      await page.setViewportSize(viewport);
      await page.goto(verifyUrl);
      await expect(page.getByRole('heading', { level: 2, name: 'Valid certificate' })).toBeVisible();
      await expect(page.getByTestId('verify-learner')).toHaveText('Vera Verified');
      await expect(page.getByTestId('verify-course')).toHaveText(certificate.courseTitle);
      await expect(page.getByTestId('verify-instructor')).toHaveText(certificate.instructorName);
      await expect(page.getByTestId('verify-issued').locator('time')).toHaveAttribute('datetime', certificate.issuedAt);
      await expect(page.getByTestId('verify-issued')).not.toBeEmpty();
      expect(await axeFindings(page)).toEqual([]);
      expect(await overflowFindings(page)).toEqual([]);
    }

    // Someone holding the paper types the code, in any case and spacing; an unknown code is not found.
    await page.setViewportSize(DESKTOP_1366);
    await page.goto('/certificates/verify');
    await expect(page.getByRole('heading', { level: 1, name: 'Verify a certificate' })).toBeVisible();
    await page.getByLabel('Certificate code').fill('zzzz zzzz zzzz');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/certificates\/verify\/ZZZZ-ZZZZ-ZZZZ$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Certificate not found' })).toBeFocused();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByLabel('Certificate code').fill(certificate.code.toLowerCase().replace(/-/g, ''));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Valid certificate' })).toBeFocused();
    await expect(page).toHaveURL(verifyUrl);

    // An admin revokes it from the certificate page, with a reason: the same code now says revoked, with the date
    // and the reason.
    await useToken(page, await apiLogin(request, DEMO.admin));
    await page.setViewportSize(DESKTOP_1366);
    await page.goto(`/certificates/${certificateId}`);
    const revocation = page.getByTestId('certificate-revocation');
    await expect(revocation.getByRole('heading', { level: 2, name: 'Revocation' })).toBeVisible();
    await revocation.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect(revocation.getByText('Give a reason for revoking the certificate')).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await revocation.getByLabel('Reason for revoking').fill('Completed under another learner’s account');
    await revocation.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect(page.getByTestId('certificate-revoked')).toContainText('LearnBuild revoked this certificate on');
    await expect(page.getByTestId('certificate-verified')).toHaveCount(0);
    await expect(revocation.getByRole('button', { name: 'Restore certificate' })).toBeVisible();
    const revokedAt = (await (await request.get(`/api/certificates/${certificateId}`)).json()).certificate
      .revokedAt as string;
    expect(revokedAt).toEqual(expect.any(String));

    for (const viewport of [DESKTOP_1366, PHONE_390]) {
      await page.setViewportSize(viewport);
      await page.goto(verifyUrl);
      await expect(page.getByRole('heading', { level: 2, name: 'Revoked certificate' })).toBeVisible();
      await expect(page.getByTestId('certificate-revoked')).toContainText(
        'Reason: Completed under another learner’s account',
      );
      await expect(page.getByTestId('certificate-revoked').locator('time')).toHaveAttribute('datetime', revokedAt);
      await expect(page.getByTestId('verify-learner')).toHaveText('Vera Verified');
      expect(await axeFindings(page)).toEqual([]);
    }

    // Restored, it verifies as valid again.
    await page.goto(`/certificates/${certificateId}`);
    await page.getByRole('button', { name: 'Restore certificate' }).click();
    await expect(page.getByTestId('certificate-verified')).toBeVisible();
    await page.goto(verifyUrl);
    await expect(page.getByRole('heading', { level: 2, name: 'Valid certificate' })).toBeVisible();
  });
});
