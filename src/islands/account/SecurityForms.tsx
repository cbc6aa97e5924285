/**
 * /safesetting's forms: change the password (the old one is needed when one
 * is set) and move the account to a new phone proven by an SMS code.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { STORAGE_KEYS } from '../../shared/constants.ts';
import { checkPassword } from '../../shared/validation.ts';
import { PhoneCodeFields, usePhoneCode } from '../login/code-fields.tsx';
import { PasswordField } from '../login/fields.tsx';
import { useForm } from '../login/use-form.ts';
import '../login/login-dialog.css';
import { ACCOUNTS_MSG } from '../../shared/messages/accounts.ts';

export default function SecurityForms(p: { hasPassword: boolean }) {
  return (
    <div className="security-forms">
      <section>
        <h2>{p.hasPassword ? '修改密码' : '设置密码'}</h2>
        <PasswordChange hasPassword={p.hasPassword} />
      </section>
      <section>
        <h2>更换手机号</h2>
        <MobileChange />
      </section>
    </div>
  );
}

function PasswordChange(p: { hasPassword: boolean }) {
  const f = useForm(
    { oldPassword: '', password: '' },
    {
      oldPassword: (v) => (p.hasPassword && !v ? ACCOUNTS_MSG.security.oldPasswordRequired : null),
      password: checkPassword,
    },
  );
  const [busy, setBusy] = useState(false);
  async function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !f.validate()) return;
    setBusy(true);
    const res = await api('post', 'user/changePassword', { form: f.values });
    setBusy(false);
    toast(res.message, res.code === 200 ? 'success' : 'error');
    if (res.code === 200) f.reset();
  }
  return (
    <form className="ld-form" onSubmit={submit} noValidate>
      {p.hasPassword && (
        <PasswordField
          id="sec-old"
          label="原密码"
          autoComplete="current-password"
          placeholder="请输入原密码"
          form={f}
          name="oldPassword"
        />
      )}
      <PasswordField
        id="sec-new"
        label="新密码"
        autoComplete="new-password"
        placeholder="请输入新密码（不少于6位）"
        form={f}
        name="password"
      />
      <button className="ld-submit" type="submit" aria-disabled={busy}>
        保存密码
      </button>
    </form>
  );
}

function MobileChange() {
  const pc = usePhoneCode({ sendPath: 'user/sendCode', sendType: '1' });
  const [busy, setBusy] = useState(false);
  const { refresh } = pc;
  useEffect(() => {
    void refresh();
  }, [refresh]);
  async function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = pc.submitValues();
    if (busy || !values) return;
    setBusy(true);
    const res = await api('post', 'user/changeMobile', { form: values });
    setBusy(false);
    toast(res.message, res.code === 200 ? 'success' : 'error');
    if (res.code === 200) {
      localStorage.setItem(STORAGE_KEYS.mobile, values.mobile);
      setTimeout(() => location.reload(), 600);
    }
  }
  return (
    <form className="ld-form" onSubmit={submit} noValidate>
      <PhoneCodeFields idPrefix="sec" pc={pc} />
      <button className="ld-submit" type="submit" aria-disabled={busy}>
        更换手机号
      </button>
    </form>
  );
}
