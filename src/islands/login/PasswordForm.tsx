/** Password login (spec 2, 5, 7: /api/user/login with mobile, areaNum, password). */
import { useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { DEFAULT_AREA_NUM } from '../../shared/constants.ts';
import { checkPassword, checkPhone } from '../../shared/validation.ts';
import { afterLogin } from './after-login.ts';
import { PasswordField, PhoneField } from './fields.tsx';
import { useForm } from './use-form.ts';

export function PasswordForm(p: { submitText: string }) {
  const f = useForm({ mobile: '', password: '' }, { mobile: checkPhone, password: checkPassword });
  const [area, setArea] = useState(DEFAULT_AREA_NUM);
  const [busy, setBusy] = useState(false);
  async function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!f.validate() || busy) return;
    setBusy(true);
    const mobile = f.values.mobile.trim();
    const res = await api<{ token: string }>('post', 'user/login', {
      form: { mobile, areaNum: area, password: f.values.password },
    });
    setBusy(false);
    if (res.code === 200) await afterLogin(mobile);
    else toast(res.message, 'error');
  }
  return (
    <form className="ld-form" onSubmit={submit} noValidate data-mode="password">
      <PhoneField
        idPrefix="ld"
        area={area}
        onArea={setArea}
        value={f.values.mobile}
        error={f.errors.mobile ?? null}
        onChange={(v) => f.set('mobile', v)}
        onBlur={() => f.blur('mobile')}
      />
      <PasswordField
        id="ld-password"
        label="密码"
        autoComplete="current-password"
        placeholder="请输入密码"
        form={f}
        name="password"
      />
      <button className="ld-submit" type="submit" disabled={busy}>
        {p.submitText}
      </button>
    </form>
  );
}
