/**
 * The value header above the phone's registration form: why register, in a headline, three benefits and the
 * product's figures (docs/product.md#what-it-does-and-for-whom). Every phone visitor lands on /register, so this is their first view of the
 * product. Plain HTML and CSS from the server: it needs no script, so the page still loads none before the
 * first interaction (docs/decisions/026-hydration-on-first-interaction.md).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { withFigures } from '~/lib/figures';
import * as styles from './register-value.css';

const BENEFITS = [msg`按类目、粉丝和带货数据筛选达人`, msg`批量邀约、私信、邮件，一次发出`, msg`AI 用达人的语言写回复`];

/** The figures carry a context of their own: the home page's catalog words the same numbers differently. */
const FIGURES = [
  {
    value: msg({ context: 'register figure', message: '{creators}' }),
    label: msg({ context: 'register figure', message: '带货达人' }),
  },
  {
    value: msg({ context: 'register figure', message: '{videos}' }),
    label: msg({ context: 'register figure', message: '短视频素材' }),
  },
  {
    value: msg({ context: 'register figure', message: '{laborSaved}' }),
    label: msg({ context: 'register figure', message: '节省人力' }),
  },
];

export const REGISTER_VALUE_TITLE_ID = 'register-value-title';

export function RegisterValueHeader() {
  const { i18n } = useLingui();
  return (
    <section className={styles.box} aria-labelledby={REGISTER_VALUE_TITLE_ID}>
      <h2 id={REGISTER_VALUE_TITLE_ID} className={styles.headline}>
        <Trans>找带货达人，从这里开始</Trans>
      </h2>
      <ul className={styles.benefits}>
        {BENEFITS.map((benefit) => (
          <li key={benefit.id} className={styles.benefit}>
            {i18n._(benefit)}
          </li>
        ))}
      </ul>
      <dl className={styles.figures}>
        {FIGURES.map((figure) => (
          <div key={figure.label.id} className={styles.figure}>
            <dt className={styles.figureLabel}>{i18n._(figure.label)}</dt>
            <dd className={styles.figureValue}>{withFigures(i18n, figure.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
