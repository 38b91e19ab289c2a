import { formatSize } from '@/lib/i18n/format';
import { t, tn } from '@/lib/i18n';
import type { SkillView } from '@/lib/mcp/skills';
import { useActions } from '../shared/actions';
import { Foreign, ForeignCode } from '../shared/Foreign';
import { Message } from '../shared/Message';

/**
 * A server's skills (SEP-2640), beside its prompts: each with its entry's words and files, read
 * one file at a time on the person's click (checked in the worker against the skill's digests and
 * shown among the results as a resource read is), or why toolnexus will not read it.
 */
export function SkillsList({ serverId, serverName, skills }: { serverId: string; serverName: string; skills: SkillView[] }) {
  const { readSkill } = useActions();
  return (
    <section class="skills" aria-label={t('prompts.skills.label', { server: serverName })}>
      <h3>{t('prompts.skills.title')}</h3>
      {skills.map((skill) => (
        <article key={skill.uri} class="card" aria-label={t('prompts.skills.skillLabel', { name: skill.name })}>
          <header>
            <strong>
              <Foreign text={skill.name} />
            </strong>
            {!skill.refused && (
              <button type="button" onClick={() => readSkill(serverId, skill.uri)}>
                <Message id="prompts.skills.read" values={{ name: <Foreign text={skill.name} /> }} />
              </button>
            )}
          </header>
          {skill.description && (
            <p class="muted description" dir="auto" data-from="server">
              {skill.description}
            </p>
          )}
          <p class="muted">
            <ForeignCode>{skill.uri}</ForeignCode>
            {skill.files && skill.bytes !== undefined && ` · ${tn('prompts.skills.files', skill.files.length, { size: formatSize(skill.bytes) })}`}
          </p>
          {skill.refused && <p class="error">{t('prompts.skills.notRead', { reason: skill.refused })}</p>}
          {!skill.refused && skill.files && skill.files.length > 1 && (
            <ul class="skill-files">
              {skill.files
                .filter((file) => file !== skill.uri)
                .map((file) => (
                  <li key={file}>
                    <button type="button" class="link" onClick={() => readSkill(serverId, skill.uri, file)}>
                      <bdi dir="ltr" data-from="server">
                        {file.slice(skill.uri.length - 'SKILL.md'.length)}
                      </bdi>
                    </button>
                  </li>
                ))}
            </ul>
          )}
        </article>
      ))}
    </section>
  );
}
