import type { SkillView } from '@/lib/mcp/skills';
import { useActions } from '../shared/actions';

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * A server's skills (SEP-2640), beside its prompts: each with its entry's words and files, read
 * one file at a time on the person's click (checked in the worker against the skill's digests and
 * shown among the results as a resource read is), or why toolnexus will not read it.
 */
export function SkillsList({ serverId, serverName, skills }: { serverId: string; serverName: string; skills: SkillView[] }) {
  const { readSkill } = useActions();
  return (
    <section class="skills" aria-label={`Skills of ${serverName}`}>
      <h3>Skills</h3>
      {skills.map((skill) => (
        <article key={skill.uri} class="card" aria-label={`Skill ${skill.name}`}>
          <header>
            <strong>{skill.name}</strong>
            {!skill.refused && (
              <button type="button" onClick={() => readSkill(serverId, skill.uri)}>
                Read {skill.name}
              </button>
            )}
          </header>
          {skill.description && <p class="muted description">{skill.description}</p>}
          <p class="muted">
            <code>{skill.uri}</code>
            {skill.files && skill.bytes !== undefined && ` · ${skill.files.length} files, ${size(skill.bytes)}`}
          </p>
          {skill.refused && <p class="error">Not read: {skill.refused}</p>}
          {!skill.refused && skill.files && skill.files.length > 1 && (
            <ul class="skill-files">
              {skill.files
                .filter((file) => file !== skill.uri)
                .map((file) => (
                  <li key={file}>
                    <button type="button" class="link" onClick={() => readSkill(serverId, skill.uri, file)}>
                      {file.slice(skill.uri.length - 'SKILL.md'.length)}
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
